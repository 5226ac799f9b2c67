import { MIN_TEXT_CONTRAST, contrastRatio, readableTextOn } from '@servery/contract/colour';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The main colour's contrast with white, or null while it is not a colour yet. */
export function contrastWithWhite(colour: string): number | null {
  return HEX.test(colour) ? contrastRatio(colour, '#ffffff') : null;
}

/** "4.5:1", rounded down so that a colour just short of the rule never reads as meeting it. */
const ratioText = (ratio: number) => `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;

/**
 * What customers will see in the chosen colours: a button in the main colour with its text, a
 * link in it on white, the accent beside them; and under them whether the storefront can write
 * with it (the contract's rule: white on it and it on white at WCAG AA, 4.5:1).
 */
export function ColourPreview({ primary, secondary }: { primary: string; secondary: string }) {
  const ratio = contrastWithWhite(primary);
  const readable = ratio !== null && ratio >= MIN_TEXT_CONTRAST;
  const shown = ratio !== null ? primary : '#ffffff';
  return (
    <figure className="space-y-3">
      <figcaption className="text-sm font-semibold">How customers will see it</figcaption>
      <div className="flex flex-wrap items-center gap-4 rounded-xl border-2 border-stone-300 bg-white p-4">
        <span
          className="inline-flex min-h-11 items-center rounded-lg px-5 font-semibold"
          style={{ backgroundColor: shown, color: readableTextOn(shown) }}
        >
          Add to basket
        </span>
        <span className="font-medium underline underline-offset-2" style={{ color: shown }}>
          See the whole menu
        </span>
        {HEX.test(secondary) && (
          <span className="inline-flex items-center gap-2 text-sm">
            <span
              aria-hidden="true"
              className="inline-block size-6 rounded-full border border-stone-400"
              style={{ backgroundColor: secondary }}
            />
            Accent
          </span>
        )}
      </div>
      <p
        aria-live="polite"
        className={`font-semibold ${readable ? 'text-green-800' : 'text-red-800'}`}
      >
        {ratio === null
          ? 'Type a colour such as #7a1f5c to see it.'
          : readable
            ? `Readable: white text on it, and its text on white, have a contrast of ${ratioText(ratio)}.`
            : `Too light to read: white text on it, and its text on white, have a contrast of ${ratioText(ratio)}; the storefront needs at least ${MIN_TEXT_CONTRAST}:1. Choose a darker colour.`}
      </p>
    </figure>
  );
}
