import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';

interface OtpBoxesProps {
  /** One entry per box, '' where empty. */
  digits: string[];
  onChange: (digits: string[]) => void;
  /** Enter pressed on a box (product.md §5: the screen submits a second later). */
  onEnter: () => void;
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
}

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/**
 * product.md §2 and §5: one box per digit of the code, each taking one digit. Typing moves focus
 * forward; Backspace clears and moves back. A whole code pasted, or put into one box by the
 * device's autofill, fills every box.
 */
export function OtpBoxes({
  digits,
  onChange,
  onEnter,
  labelledBy,
  describedBy,
  invalid = false,
}: OtpBoxesProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const length = digits.length;
  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Several digits at once: a whole code fills every box, a part fills from `start` on. */
  const spread = (start: number, text: string) => {
    const next = [...digits];
    const from = text.length >= length ? 0 : start;
    for (let k = 0; k < text.length && from + k < length; k++) next[from + k] = text[k]!;
    onChange(next);
    focusBox(Math.min(from + text.length, length - 1));
  };

  const setDigit = (index: number, digit: string) => {
    const next = [...digits];
    next[index] = digit;
    onChange(next);
  };

  const handleChange = (index: number, value: string) => {
    const typed = onlyDigits(value);
    const old = digits[index] ?? '';
    if (typed.length <= 1) {
      setDigit(index, typed);
      if (typed) focusBox(index + 1);
    } else if (typed.length === 2 && old) {
      // A digit typed beside the one already there replaces it.
      setDigit(index, typed[0] === old ? typed[1]! : typed[0]!);
      focusBox(index + 1);
    } else {
      spread(index, typed);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const text = onlyDigits(event.clipboardData.getData('text'));
    if (text) spread(index, text);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'Backspace':
        event.preventDefault();
        setDigit(digits[index] ? index : Math.max(0, index - 1), '');
        focusBox(index - 1);
        break;
      case 'Delete':
        event.preventDefault();
        setDigit(index, '');
        break;
      case 'ArrowLeft':
        event.preventDefault();
        focusBox(index - 1);
        break;
      case 'ArrowRight':
        event.preventDefault();
        focusBox(index + 1);
        break;
      case 'Enter':
        // Not the form's own submit: product.md §5 delays it.
        event.preventDefault();
        onEnter();
        break;
    }
  };

  return (
    <div role="group" aria-labelledby={labelledBy} className="flex justify-center gap-2 sm:gap-3">
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          type="text"
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1} of ${length}`}
          aria-invalid={invalid && !digit}
          aria-describedby={describedBy}
          value={digit}
          onChange={(event) => handleChange(index, event.target.value)}
          onPaste={(event) => handlePaste(index, event)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onFocus={(event) => event.target.select()}
          className="h-14 max-w-12 min-w-0 flex-1 basis-0 rounded-lg border-2 border-stone-400 bg-white text-center text-2xl font-semibold outline-none focus:border-primary focus:ring-4 focus:ring-primary/30 aria-[invalid=true]:border-red-700"
        />
      ))}
    </div>
  );
}
