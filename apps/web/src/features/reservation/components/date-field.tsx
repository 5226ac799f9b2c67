import {
  useRef,
  useState,
  type ChangeEvent,
  type ComponentType,
  type FocusEventHandler,
  type KeyboardEvent,
} from 'react';
import './date-field.css';
import {
  fromCalendarDate,
  inWindow,
  parseTypedDate,
  toCalendarDate,
} from '../reservation-dates.ts';
import { inputClass } from '../../../components/ui/input.tsx';
import type { DatePickerFieldProps } from './date-picker-field.tsx';

/**
 * The calendar's format and §2's placeholder. _Decided (issue 30):_ UK dates, dd/MM/yyyy, on a
 * UK storefront, instead of the seed's MM/dd/yyyy (product.md §9).
 */
export const DATE_FORMAT = 'dd/MM/yyyy';
export const DATE_PLACEHOLDER = 'Select Date';
/** product.md §8: the date input's error code 1 (a typed date that is not valid). */
export const DATE_INPUT_ERROR = { code: 1 as const, message: 'Choose a date from the calendar.' };

/** The date box's look, the same before and after the calendar arrives. */
export const DATE_INPUT_CLASS = inputClass({ className: 'h-12 cursor-pointer pr-10' });

export interface DateFieldProps {
  id: string;
  /** 'YYYY-MM-DD', or '' for none. */
  value: string;
  /** The first and last dates that may be chosen ('YYYY-MM-DD'); the last once known. */
  first: string;
  last?: string;
  invalid: boolean;
  describedBy?: string;
  onChoose: (date: string) => void;
  onInputError: (error: typeof DATE_INPUT_ERROR) => void;
  onBlur?: FocusEventHandler<HTMLElement>;
}

/** What opened the calendar: a click, or Enter, Space or Arrow Down (focus goes to a day). */
export type Opening = 'click' | 'key' | null;

/** 'YYYY-MM-DD' as the box shows it, in DATE_FORMAT. */
const shown = (value: string) => {
  const [year, month, day] = value.split('-');
  return value ? `${day}/${month}/${year}` : '';
};

/**
 * product.md §8: text in the box that is not a date in the window is code 1 (the box is
 * read-only, so this is a paste or an autofill at most); a date in it is chosen.
 */
export function chooseTyped(text: string, props: DateFieldProps) {
  const typed = parseTypedDate(text);
  if (typed && inWindow(typed, props.first, props.last)) props.onChoose(typed);
  else props.onInputError(DATE_INPUT_ERROR);
}

/** A chosen calendar day, kept only inside the window. */
export function chooseDay(date: Date | null, props: DateFieldProps) {
  if (!date) return;
  const chosen = fromCalendarDate(date);
  if (inWindow(chosen, props.first, props.last)) props.onChoose(chosen);
}

export const selectedDay = (value: string) => (value ? toCalendarDate(value) : null);

export function CalendarIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="pointer-events-none absolute top-[1.125rem] right-3 h-5 w-5 text-stone-700"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}

const loadPicker = () => import('./date-picker-field.tsx');

/**
 * The reservation date. The calendar (react-datepicker and date-fns, the page's largest part)
 * arrives when the visitor comes to the box, not with the page (issue 19's budget of 130 KB):
 * until then the box is the same read-only input, and a click, Enter, Space or Arrow Down made
 * before it arrives opens it as soon as it does (date-picker-field.tsx).
 */
export function DateField(props: DateFieldProps) {
  /** The calendar once here, and whether the box had focus as it arrived. */
  const [picker, setPicker] = useState<{
    Field: ComponentType<DatePickerFieldProps>;
    focus: boolean;
  } | null>(null);
  const [opening, setOpening] = useState<Opening>(null);
  const input = useRef<HTMLInputElement>(null);
  const loading = useRef(false);

  const load = () => {
    if (loading.current) return;
    loading.current = true;
    loadPicker().then(
      (module) => {
        const focus = document.activeElement === input.current;
        setPicker({ Field: module.DatePickerField, focus });
      },
      // Offline or a new build: the next visit to the box tries again.
      () => (loading.current = false),
    );
  };

  if (picker) return <picker.Field {...props} opening={opening} focus={picker.focus} />;

  const open = (how: Opening) => {
    setOpening(how);
    load();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      open('key');
    }
  };

  return (
    <div className="relative">
      <div className="reservation-date">
        <input
          ref={input}
          id={props.id}
          name="date"
          type="text"
          readOnly
          value={shown(props.value)}
          placeholder={DATE_PLACEHOLDER}
          autoComplete="off"
          className={DATE_INPUT_CLASS}
          aria-invalid={props.invalid}
          aria-describedby={props.describedBy}
          onPointerEnter={load}
          onFocus={load}
          onClick={() => open('click')}
          onKeyDown={handleKeyDown}
          onChange={(event: ChangeEvent<HTMLInputElement>) =>
            chooseTyped(event.target.value, props)
          }
          onBlur={props.onBlur}
        />
      </div>
      <CalendarIcon />
    </div>
  );
}
