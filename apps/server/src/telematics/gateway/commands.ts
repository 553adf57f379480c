/**
 * Platform commands of one connection waiting for the terminal's answer, by the serial they were
 * sent with: 0x8201 is answered by 0x0201 (its reply serial), other commands by a 0x0001 naming
 * the serial and the message id. Each waits at most its timeout; all fail when the connection ends.
 */
interface PendingCommand {
  msgId: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export class PendingCommands {
  private readonly waiting = new Map<number, PendingCommand>();

  /** Waits for the answer to the command sent with `serial`; rejects with `timeout()` after `timeoutMs`. */
  wait<T>(serial: number, msgId: number, timeoutMs: number, timeout: () => Error): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(serial);
        reject(timeout());
      }, timeoutMs);
      this.waiting.set(serial, { msgId, resolve: resolve as (value: unknown) => void, reject, timer });
    });
  }

  /** An answer arrived: resolves the command sent with `replySerial` if it was of `replyMsgId`. */
  settle(replySerial: number, replyMsgId: number, value: unknown): void {
    const command = this.waiting.get(replySerial);
    if (!command || command.msgId !== replyMsgId) return;
    this.waiting.delete(replySerial);
    clearTimeout(command.timer);
    command.resolve(value);
  }

  rejectAll(error: () => Error): void {
    for (const command of this.waiting.values()) {
      clearTimeout(command.timer);
      command.reject(error());
    }
    this.waiting.clear();
  }
}
