import type { PushEvent } from '../modules/messages/delivery';

/** The part of a WebSocket the hub uses (the `ws` socket, or a test double). */
export interface PushSocket {
  readonly readyState: number;
  send(data: string): void;
}

const OPEN = 1;

interface Client {
  socket: PushSocket;
  /** The merchant of the client's session: it gets only that merchant's pushes. */
  merchantId: number;
}

/**
 * The sockets of this process by user. A bus event names its recipients; the hub sends each push
 * to the open sockets of those users whose session is in the push's merchant, and to no one else.
 */
export class SocketHub {
  private readonly byUser = new Map<number, Set<Client>>();

  add(userId: number, merchantId: number, socket: PushSocket): () => void {
    const client: Client = { socket, merchantId };
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(client);
    return () => {
      const current = this.byUser.get(userId);
      current?.delete(client);
      if (current?.size === 0) this.byUser.delete(userId);
    };
  }

  /** Open sockets in this process. */
  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** Sends the pushes of one bus event; returns how many socket messages were sent. */
  deliver(event: PushEvent): number {
    let sent = 0;
    for (const item of event.items) {
      // the push is serialised once; only the recipient's message id differs
      const rest = JSON.stringify(item.push).slice(1);
      const head = `{"type":${Number(event.type)},"content":{"id":`;
      for (const [userId, messageId] of item.to) {
        const clients = this.byUser.get(userId);
        if (!clients) continue;
        const text = `${head}${Number(messageId)},${rest}}`;
        for (const client of clients) {
          if (client.merchantId !== item.merchantId || client.socket.readyState !== OPEN) continue;
          client.socket.send(text);
          sent++;
        }
      }
    }
    return sent;
  }
}
