import { NotFoundMessage } from '../components/ui/not-found-message.tsx';

export function NotFoundPage() {
  return <NotFoundMessage />;
}
