/**
 * The alarm sound: two short tones made with WebAudio (no sound file to ship). Browsers let a page
 * play sound only after a user gesture, so the sound switch calls `unlockSound()` when clicked.
 */

let context: AudioContext | undefined;

function audio(): AudioContext | undefined {
  if (context) return context;
  const Context = globalThis.AudioContext;
  if (!Context) return undefined;
  try {
    context = new Context();
  } catch {
    return undefined;
  }
  return context;
}

/** Called from a click: lets later beeps play. */
export function unlockSound(): void {
  void audio()
    ?.resume()
    .catch(() => undefined);
}

/** Beeps played so far, also on <html data-alarm-beeps> (a test cannot hear a headless browser). */
let played = 0;

/** Plays the alarm sound once (two 880 Hz tones of 0.15 s); silent where audio is unavailable. */
export function beep(): void {
  const ctx = audio();
  if (!ctx) return;
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  const start = ctx.currentTime + 0.01;
  for (const offset of [0, 0.25]) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.15);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.16);
  }
  played++;
  document.documentElement.dataset.alarmBeeps = String(played);
}
