let audio: AudioContext | null = null;

/** Prepares sound during a tap (browsers only let a page play sound after a gesture). */
export function unlockSound(): void {
  try {
    const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    audio ??= new Context();
    if (audio.state === 'suspended') void audio.resume();
  } catch {
    audio = null;
  }
}

/** A short beep (WebAudio): one high tone for VÁLIDO, two low ones for INVÁLIDO. */
export function beep(isAccepted: boolean): void {
  if (!audio || audio.state !== 'running') return;
  const tones = isAccepted
    ? [{ at: 0, hz: 1320, ms: 160 }]
    : [
        { at: 0, hz: 330, ms: 180 },
        { at: 0.24, hz: 330, ms: 180 },
      ];
  for (const tone of tones) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = isAccepted ? 'sine' : 'square';
    oscillator.frequency.value = tone.hz;
    const start = audio.currentTime + tone.at;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.25, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + tone.ms / 1000);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start);
    oscillator.stop(start + tone.ms / 1000 + 0.02);
  }
}

/** Vibrates where the device can (navigator.vibrate): one pulse for VÁLIDO, three for INVÁLIDO. */
export function vibrate(isAccepted: boolean): void {
  try {
    navigator.vibrate?.(isAccepted ? 150 : [120, 80, 120, 80, 120]);
  } catch {
    // Not every device vibrates.
  }
}
