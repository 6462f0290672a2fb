import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router-dom';
import { RootLayout } from './layouts/root-layout';
import { ProtectedRoute } from './layouts/protected-route';
import { PageSpinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { PageErrorBoundary } from './pwa/page-error-boundary';

// Every page is its own chunk so the first load stays small.
const HomePage = lazy(() => import('./routes/home-page'));
const LoginPage = lazy(() => import('../features/auth/components/login-page'));
const VerifyEmailPage = lazy(() => import('../features/auth/components/verify-email-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/components/reset-password-page'));
const SocialCallbackPage = lazy(() => import('../features/auth/components/social-callback-page'));
const ContactPage = lazy(() => import('../features/contact/components/contact-page'));
const PrivacyPage = lazy(() => import('../features/legal/components/privacy-page'));
const TermsPage = lazy(() => import('../features/legal/components/terms-page'));
const UploadPage = lazy(() => import('../features/materials/components/upload-page'));
const MaterialDetailPage = lazy(
  () => import('../features/materials/components/material-detail-page'),
);
const QuizSettingsPage = lazy(() => import('../features/quiz/components/quiz-settings-page'));
const QuizLoadingPage = lazy(() => import('../features/quiz/components/quiz-loading-page'));
const QuizQuestionsPage = lazy(() => import('../features/quiz/components/quiz-questions-page'));
const QuizResultsPage = lazy(() => import('../features/quiz/components/quiz-results-page'));
const MaterialFlashcardsPage = lazy(
  () => import('../features/flashcards/components/material-flashcards-page'),
);
const QuizFlashcardsPage = lazy(
  () => import('../features/flashcards/components/quiz-flashcards-page'),
);
const OutboxPage = lazy(() => import('../features/offline/components/outbox-page'));
const ReviewPage = lazy(() => import('./routes/review-route'));
const ProgressPage = lazy(() => import('../features/progress/components/progress-page'));
const SubscriptionPage = lazy(() => import('../features/billing/components/subscription-page'));
const PaymentResultPage = lazy(() => import('../features/billing/components/payment-result-page'));
const DemoCheckoutPage = lazy(() => import('../features/billing/components/demo-checkout-page'));
const DemoPortalPage = lazy(() => import('../features/billing/components/demo-portal-page'));

const page = (node: ReactNode) => (
  <PageErrorBoundary>
    <Suspense fallback={<PageSpinner />}>{node}</Suspense>
  </PageErrorBoundary>
);

/** Every page; the browser router below and the build's prerender (src/prerender.tsx) use them. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home, element: page(<HomePage />) },
      { path: paths.login, element: page(<LoginPage />) },
      { path: paths.verifyEmail, element: page(<VerifyEmailPage />) },
      { path: paths.resetPassword, element: page(<ResetPasswordPage />) },
      { path: paths.socialCallback, element: page(<SocialCallbackPage />) },
      { path: paths.contact, element: page(<ContactPage />) },
      { path: paths.privacy, element: page(<PrivacyPage />) },
      { path: paths.terms, element: page(<TermsPage />) },
      { path: paths.paymentResult, element: page(<PaymentResultPage />) },
      {
        element: <ProtectedRoute />,
        children: [
          { path: paths.uploadMaterial, element: page(<UploadPage />) },
          { path: '/materials/:materialId', element: page(<MaterialDetailPage />) },
          { path: '/materials/:materialId/quiz/new', element: page(<QuizSettingsPage />) },
          { path: '/materials/:materialId/quiz/loading', element: page(<QuizLoadingPage />) },
          {
            path: '/materials/:materialId/quiz/:quizId/questions',
            element: page(<QuizQuestionsPage />),
          },
          {
            path: '/materials/:materialId/quiz/:quizId/results',
            element: page(<QuizResultsPage />),
          },
          {
            path: '/materials/:materialId/flashcards',
            element: page(<MaterialFlashcardsPage />),
          },
          {
            path: '/materials/:materialId/quiz/:quizId/flashcards',
            element: page(<QuizFlashcardsPage />),
          },
          { path: paths.subscription, element: page(<SubscriptionPage />) },
          { path: paths.outbox, element: page(<OutboxPage />) },
          { path: paths.review, element: page(<ReviewPage />) },
          { path: paths.progress, element: page(<ProgressPage />) },
          { path: '/demo/checkout/:sessionId', element: page(<DemoCheckoutPage />) },
          { path: '/demo/portal/:portalId', element: page(<DemoPortalPage />) },
        ],
      },
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

type Router = ReturnType<typeof createBrowserRouter>;
let browserRouter: Router | undefined;

/** The app's router, made on first use (so importing the routes needs no window). */
export function getRouter(): Router {
  browserRouter ??= createBrowserRouter(routes);
  return browserRouter;
}

/** `router`: another one (the prerender's memory router); the browser's by default. */
export function AppRouter({ router }: { router?: Router }) {
  return <RouterProvider router={router ?? getRouter()} />;
}
