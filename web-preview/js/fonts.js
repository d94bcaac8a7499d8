// Inter stands in for SF Pro (its metrics are close and it is free), DejaVu Sans Mono for SF Mono (Markdown code
// in a Text). morphd serves the files under /fonts/; the page loads them through FontFace so
// the CSP needs no inline @font-face. A face registered here shadows any installed font of
// the same family name, so the canvas draws the served files, never a system copy.

/** The four weights a display list may ask for, and the file each one lives in. */
export const INTER_FILES = Object.freeze({
  400: 'Inter-Regular.otf',
  500: 'Inter-Medium.otf',
  600: 'Inter-SemiBold.otf',
  700: 'Inter-Bold.otf',
});

/** DejaVu Sans Mono has regular and bold only; CSS font matching draws 500 regular, 600 bold. */
export const MONO_FAMILY = 'DejaVu Sans Mono';
export const MONO_FILES = Object.freeze({
  400: 'DejaVuSansMono.ttf',
  700: 'DejaVuSansMono-Bold.ttf',
});

/**
 * Canvas font shorthand for a display-list font. The family is quoted so names with
 * spaces survive; sans-serif only shows while Inter is still loading or missing.
 */
export function fontString({ family, weight, size }) {
  return `${weight} ${size}px "${family}", sans-serif`;
}

/**
 * Loads every Inter weight and both DejaVu Sans Mono faces into `fontSet` (document.fonts).
 * Resolves to the number of faces that loaded; a missing file is not an error (offline
 * replay from a plain file server), it only leaves canvas text in the fallback face.
 */
export async function loadInter(fontSet, baseURL, FontFaceClass = globalThis.FontFace) {
  if (!fontSet || !FontFaceClass) return 0;
  const faces = [
    ...Object.entries(INTER_FILES).map(([weight, file]) => ['Inter', weight, file]),
    ...Object.entries(MONO_FILES).map(([weight, file]) => [MONO_FAMILY, weight, file]),
  ];
  const loads = faces.map(async ([family, weight, file]) => {
    const face = new FontFaceClass(family, `url(${new URL(`fonts/${file}`, baseURL)})`, { weight });
    try {
      await face.load();
      fontSet.add(face);
      return 1;
    } catch {
      return 0;
    }
  });
  return (await Promise.all(loads)).reduce((a, b) => a + b, 0);
}
