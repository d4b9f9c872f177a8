import { ReviewsPage } from '../../features/reviews/components/ReviewsPage';

export function Component() {
  return <ReviewsPage />;
}
