import ReviewPage from '../../features/review/components/review-page';
import { QuestionKitContext } from '../../features/review/lib/question-kit';
import { questionKit } from '../../features/quiz/components/question-kit';

/**
 * /review: the review feature's page with the quiz feature's question controls. Composed here
 * because features never import each other (docs/decisions/0017-review-and-progress-web.md).
 */
export default function ReviewRoute() {
  return (
    <QuestionKitContext.Provider value={questionKit}>
      <ReviewPage />
    </QuestionKitContext.Provider>
  );
}
