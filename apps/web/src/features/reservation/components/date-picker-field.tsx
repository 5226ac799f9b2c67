import {
  useEffect,
  useRef,
  type ChangeEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type Ref,
} from 'react';
import DatePicker, { registerLocale } from 'react-datepicker';
import { enGB } from 'date-fns/locale/en-GB';
import 'react-datepicker/dist/react-datepicker.css';
import { toCalendarDate } from '../reservation-dates.ts';
import {
  CalendarIcon,
  chooseDay,
  chooseTyped,
  DATE_FORMAT,
  DATE_INPUT_CLASS,
  DATE_INPUT_ERROR,
  DATE_PLACEHOLDER,
  selectedDay,
  type DateFieldProps,
  type Opening,
} from './date-field.tsx';

// UK weeks (Monday first) and UK day names: "Choose Friday 27 November 2026" holds the "27"
// the day shows, as its accessible name must (axe label-content-name-mismatch; issue 30).
registerLocale('en-GB', enGB);

type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/** The picker's text box, always read-only (product.md §2): the calendar is the way to a date. */
function ReadOnlyInput({ ref, ...props }: InputProps) {
  return <input {...props} ref={ref} readOnly />;
}

export interface DatePickerFieldProps extends DateFieldProps {
  /** How the visitor asked for the calendar before it arrived: it opens so at once. */
  opening: Opening;
  /** The box had focus before the calendar arrived: this one takes it. */
  focus: boolean;
}

/**
 * The reservation date: react-datepicker on a read-only input. Enter, Space or Arrow Down opens
 * the calendar and puts focus on the chosen day; the arrows, Page Up/Down and Home/End move,
 * Enter chooses and Escape closes, giving focus back to the input. A click opens it too. Loaded
 * by date-field.tsx when the visitor comes to the box.
 */
export function DatePickerField(props: DatePickerFieldProps) {
  const { id, value, first, last, invalid, describedBy, onInputError, onBlur } = props;
  const picker = useRef<DatePicker>(null);
  const box = useRef<HTMLDivElement>(null);
  const open = useRef(false);

  const openCalendar = (how: Opening) => {
    picker.current?.setOpen(true);
    if (how !== 'key') return;
    // Focus goes to the chosen day (or the first one offered) once the calendar is drawn.
    setTimeout(() => {
      box.current
        ?.querySelector<HTMLElement>('.react-datepicker__day[tabindex="0"]')
        ?.focus({ preventScroll: true });
    });
  };

  // The first render: what the visitor did while the calendar was on its way.
  const arrival = useRef({ opening: props.opening, focus: props.focus });
  useEffect(() => {
    const { opening, focus } = arrival.current;
    if (focus || opening) box.current?.querySelector('input')?.focus({ preventScroll: true });
    if (opening) openCalendar(opening);
    // Once, as it arrives.
  }, []);

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // The picker also reports keys pressed on the calendar's days: only the input's count here.
    if (!(event.target instanceof HTMLInputElement) || open.current) return;
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      openCalendar('key');
    }
  };

  // product.md §8: only the picker's raw change handler sees typed text (the input is read-only, so
  // this is a paste or an autofill at most); text that is not a date in the window is code 1.
  const handleChangeRaw = (event?: { target: EventTarget | null; preventDefault(): void }) => {
    if (!(event?.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    chooseTyped((event as ChangeEvent<HTMLInputElement>).target.value, props);
  };

  return (
    <div ref={box} className="relative">
      <DatePicker
        ref={picker}
        id={id}
        name="date"
        selected={selectedDay(value)}
        onChange={(date: Date | null) => chooseDay(date, props)}
        onChangeRaw={handleChangeRaw}
        onInputError={() => onInputError(DATE_INPUT_ERROR)}
        onKeyDown={handleKeyDown}
        onCalendarOpen={() => (open.current = true)}
        onCalendarClose={() => (open.current = false)}
        onBlur={onBlur}
        dateFormat={DATE_FORMAT}
        locale="en-GB"
        placeholderText={DATE_PLACEHOLDER}
        minDate={toCalendarDate(first)}
        maxDate={last ? toCalendarDate(last) : undefined}
        preventOpenOnFocus
        autoComplete="off"
        customInput={<ReadOnlyInput className={DATE_INPUT_CLASS} />}
        ariaInvalid={String(invalid)}
        ariaDescribedBy={describedBy}
        calendarClassName="reservation-calendar"
        wrapperClassName="reservation-date"
        popperPlacement="bottom-start"
        showPopperArrow={false}
      />
      <CalendarIcon />
    </div>
  );
}
