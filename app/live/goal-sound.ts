/**
 * The goal sound: a short two-note chime made with the Web Audio API, so no audio file has to
 * be fetched. Browsers may refuse to play before the reader has interacted with the page, and
 * some have no Web Audio at all; either way the goal stays silent (section 8), never an error.
 */
let context: AudioContext | null = null;

type AudioWindow = Window & { webkitAudioContext?: typeof AudioContext };

const NOTES: readonly { frequency: number; at: number }[] = [
  { frequency: 880, at: 0 },
  { frequency: 1318.5, at: 0.14 },
];
const NOTE_SECONDS = 0.4;

export function playGoalSound(): void {
  try {
    const Context = window.AudioContext ?? (window as AudioWindow).webkitAudioContext;
    if (Context === undefined) return;
    context ??= new Context();
    const audio = context;
    if (audio.state === 'suspended') void audio.resume().catch(() => {});
    const start = audio.currentTime;
    for (const note of NOTES) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = note.frequency;
      const t = start + note.at;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.25, t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + NOTE_SECONDS);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(t);
      oscillator.stop(t + NOTE_SECONDS + 0.05);
    }
  } catch {
    // Silent by specification.
  }
}
