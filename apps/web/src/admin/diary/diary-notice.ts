import { createContext, useContext } from 'react';

/**
 * The diary's line of news above the day ("Priya Shah: now 6 people…"): a card whose booking
 * moves to another day leaves the screen, so it says what happened there instead of on itself.
 */
export const DiaryNotice = createContext<(message: string) => void>(() => {});
export const useDiaryNotice = () => useContext(DiaryNotice);
