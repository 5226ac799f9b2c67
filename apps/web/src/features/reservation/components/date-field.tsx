import {
  useRef,
  type ChangeEvent,
  type FocusEventHandler,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type Ref,
} from 'react';
import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import './date-field.css';
import {
  fromCalendarDate,
  inWindow,
  parseTypedDate,
  toCalendarDate,
} from '../reservation-dates.ts';
import { FIELD } from './styles.ts';

/** SPEC §9's calendar format and §2's placeholder. */
export const DATE_FORMAT = 'MM/dd/yyyy';
export const DATE_PLACEHOLDER = 'Select Date';
/** SPEC §8: the date input's error code 1 (a typed date that is not valid). */
export const DATE_INPUT_ERROR = { code: 1 as const, message: 'Choose a date from the calendar.' };

type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/** The picker's text box, always read-only (SPEC §2): the calendar is the way to a date. */
function ReadOnlyInput({ ref, ...props }: InputProps) {
  return <input {...props} ref={ref} readOnly />;
}

interface DateFieldProps {
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

/**
 * The reservation date: react-datepicker on a read-only input. Enter, Space or Arrow Down opens
 * the calendar and puts focus on the chosen day; the arrows, Page Up/Down and Home/End move,
 * Enter chooses and Escape closes, giving focus back to the input. A click opens it too.
 */
export function DateField(props: DateFieldProps) {
  const { id, value, first, last, invalid, describedBy, onChoose, onInputError, onBlur } = props;
  const picker = useRef<DatePicker>(null);
  const box = useRef<HTMLDivElement>(null);
  const open = useRef(false);

  const choose = (date: Date | null) => {
    if (!date) return;
    const chosen = fromCalendarDate(date);
    if (inWindow(chosen, first, last)) onChoose(chosen);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // The picker also reports keys pressed on the calendar's days: only the input's count here.
    if (!(event.target instanceof HTMLInputElement) || open.current) return;
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      picker.current?.setOpen(true);
      // Focus goes to the chosen day (or the first one offered) once the calendar is drawn.
      setTimeout(() => {
        box.current
          ?.querySelector<HTMLElement>('.react-datepicker__day[tabindex="0"]')
          ?.focus({ preventScroll: true });
      });
    }
  };

  // SPEC §8: only the picker's raw change handler sees typed text (the input is read-only, so
  // this is a paste or an autofill at most); text that is not a date in the window is code 1.
  const handleChangeRaw = (event?: { target: EventTarget | null; preventDefault(): void }) => {
    if (!(event?.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    const typed = parseTypedDate((event as ChangeEvent<HTMLInputElement>).target.value);
    if (typed && inWindow(typed, first, last)) onChoose(typed);
    else onInputError(DATE_INPUT_ERROR);
  };

  return (
    <div ref={box} className="relative">
      <DatePicker
        ref={picker}
        id={id}
        name="date"
        selected={value ? toCalendarDate(value) : null}
        onChange={choose}
        onChangeRaw={handleChangeRaw}
        onInputError={() => onInputError(DATE_INPUT_ERROR)}
        onKeyDown={handleKeyDown}
        onCalendarOpen={() => (open.current = true)}
        onCalendarClose={() => (open.current = false)}
        onBlur={onBlur}
        dateFormat={DATE_FORMAT}
        placeholderText={DATE_PLACEHOLDER}
        minDate={toCalendarDate(first)}
        maxDate={last ? toCalendarDate(last) : undefined}
        preventOpenOnFocus
        autoComplete="off"
        customInput={<ReadOnlyInput className={`${FIELD} cursor-pointer pr-10`} />}
        ariaInvalid={String(invalid)}
        ariaDescribedBy={describedBy}
        calendarClassName="reservation-calendar"
        wrapperClassName="reservation-date"
        popperPlacement="bottom-start"
        showPopperArrow={false}
      />
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
    </div>
  );
}
