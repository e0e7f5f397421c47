import BookingPage from './BookingPage.tsx';

/** `/schedule/chat/{token}`: the booking page for an interview booked in the career-site chat. */
export default function ChatBookingPage() {
  return <BookingPage source="chat" />;
}
