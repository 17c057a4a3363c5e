import { useSearchParams } from 'react-router-dom';

/** URL parameter of the booking shown in detail (so a reload keeps it open). */
const VIEWED_BOOKING_PARAM = 'booking';

/** The booking shown in detail in place of the list, kept in the URL, and how to change it. */
export function useViewedBooking(): [string | null, (id: string | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const setViewed = (id: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (id) next.set(VIEWED_BOOKING_PARAM, id);
    else next.delete(VIEWED_BOOKING_PARAM);
    setSearchParams(next);
  };
  return [searchParams.get(VIEWED_BOOKING_PARAM), setViewed];
}
