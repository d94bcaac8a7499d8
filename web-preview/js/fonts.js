// Inter stands in for SF Pro (DESIGN.md, Fonts). morphd serves the OTF files under
// /fonts/; the page loads them through FontFace so the CSP needs no inline @font-face.

/** The four weights a display list may ask for, and the file each one lives in. */
export const INTER_FILES = Object.freeze({
  400: 'Inter-Regular.otf',
  500: 'Inter-Medium.otf',
  600: 'Inter-SemiBold.otf',
  700: 'Inter-Bold.otf',
});

/**
 * Canvas font shorthand for a display-list font. The family is quoted so names with
 * spaces survive; sans-serif only shows while Inter is still loading or missing.
 */
export function fontString({ family, weight, size }) {
  return `${weight} ${size}px "${family}", sans-serif`;
}

/**
 * Loads every Inter weight into `fontSet` (document.fonts). Resolves to the number of
 * faces that loaded; a missing file is not an error (offline replay from a plain file
 * server), it only leaves canvas text in the fallback face.
 */
export async function loadInter(fontSet, baseURL, FontFaceClass = globalThis.FontFace) {
  if (!fontSet || !FontFaceClass) return 0;
  const loads = Object.entries(INTER_FILES).map(async ([weight, file]) => {
    const face = new FontFaceClass('Inter', `url(${new URL(`fonts/${file}`, baseURL)})`, { weight });
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
