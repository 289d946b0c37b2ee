import { NOTIFICATION_SOUND_VOLUME } from '#shared/contracts/notifications.ts';

type AudioContextConstructor = new () => AudioContext;

let context: AudioContext | undefined;

/**
 * A short, quiet two-note chime for a new order (docs/product.md#real-time-notifications: volume 0.3), made with WebAudio so the
 * panel ships no sound file. Browsers refuse audio before the page has had a click or key press;
 * that is not worth an error, so every failure is ignored.
 */
export function playNotificationSound(): void {
  try {
    const Context =
      window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextConstructor }).webkitAudioContext;
    if (!Context) return;
    context ??= new Context();
    const audio = context;
    if (audio.state === 'suspended') void audio.resume().catch(() => {});
    const start = audio.currentTime;
    const gain = audio.createGain();
    gain.gain.value = NOTIFICATION_SOUND_VOLUME;
    gain.gain.setValueAtTime(NOTIFICATION_SOUND_VOLUME, start);
    // Fade out rather than stop dead: a hard stop clicks.
    gain.gain.exponentialRampToValueAtTime(0.001, start + 0.35);
    gain.connect(audio.destination);
    for (const [frequency, offset] of [
      [880, 0],
      [1175, 0.12],
    ] as const) {
      const oscillator = audio.createOscillator();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      oscillator.connect(gain);
      oscillator.start(start + offset);
      oscillator.stop(start + 0.35);
    }
  } catch {
    // No audio (autoplay policy, no device): the toast and the badge still tell the admin.
  }
}
