import { create } from 'zustand';

/** The global message drawer titled 提示: any part of the app pushes text into it and it opens. */
interface MessageDrawerStore {
  open: boolean;
  messages: string[];
  close: () => void;
}

export const useMessageDrawer = create<MessageDrawerStore>()((set) => ({
  open: false,
  messages: [],
  close: () => set({ open: false, messages: [] }),
}));

/** Shows a text in the 提示 drawer (after those already there). */
export function pushMessage(text: string): void {
  useMessageDrawer.setState((state) => ({ open: true, messages: [...state.messages, text] }));
}
