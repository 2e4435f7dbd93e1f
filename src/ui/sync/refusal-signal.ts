import { COARSE_POINTER } from '../use-media-query';

/**
 * Once for each new refusal (issue 63): a phone or tablet that can vibrates; where it cannot (a desk computer, an
 * iPad), a short quiet tone plays instead, through Web Audio (the browser allows it after the user's first tap).
 */
export function signalRefusal(): void {
  try {
    const touch = window.matchMedia(COARSE_POINTER).matches;
    if (touch && typeof navigator.vibrate === 'function' && navigator.vibrate([120, 80, 120])) return;
    chime();
  } catch {
    // A signal the browser refuses is only a signal: the banner says it all.
  }
}

function chime() {
  const Context = window.AudioContext as typeof AudioContext | undefined;
  if (!Context) return;
  const audio = new Context();
  const tone = audio.createOscillator();
  const volume = audio.createGain();
  const now = audio.currentTime;
  tone.frequency.value = 660;
  volume.gain.setValueAtTime(0.08, now);
  volume.gain.exponentialRampToValueAtTime(0.001, now + 0.35);
  tone.connect(volume).connect(audio.destination);
  tone.onended = () => void audio.close();
  tone.start(now);
  tone.stop(now + 0.35);
}
