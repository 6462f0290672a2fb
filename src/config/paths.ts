/** Every route of the app, in one place. */
export const paths = {
  home: '/',
  login: '/login',
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  socialCallback: '/auth/social-callback',
  uploadMaterial: '/upload-material',
  material: (id: string) => `/materials/${encodeURIComponent(id)}`,
  quizNew: (id: string) => `/materials/${encodeURIComponent(id)}/quiz/new`,
  quizLoading: (id: string) => `/materials/${encodeURIComponent(id)}/quiz/loading`,
  quizQuestions: (id: string, quizId: string) =>
    `/materials/${encodeURIComponent(id)}/quiz/${encodeURIComponent(quizId)}/questions`,
  quizResults: (id: string, quizId: string) =>
    `/materials/${encodeURIComponent(id)}/quiz/${encodeURIComponent(quizId)}/results`,
  /** Term ↔ definition cards of a material; question ↔ answer cards of a quiz (issue 20). */
  materialFlashcards: (id: string) => `/materials/${encodeURIComponent(id)}/flashcards`,
  quizFlashcards: (id: string, quizId: string) =>
    `/materials/${encodeURIComponent(id)}/quiz/${encodeURIComponent(quizId)}/flashcards`,
  subscription: '/subscription',
  /** Today's due review cards (issue 8); reviewConcept: every card of one related concept. */
  review: '/review',
  reviewConcept: (concept: string) => `/review?concept=${encodeURIComponent(concept)}`,
  /** Scores over time, accuracy per concept, study streak. */
  progress: '/progress',
  /** Changes made offline that are waiting to be sent (or were refused). */
  outbox: '/outbox',
  paymentResult: '/payment/result',
  demoCheckout: (sessionId: string) => `/demo/checkout/${encodeURIComponent(sessionId)}`,
  demoPortal: (portalId: string) => `/demo/portal/${encodeURIComponent(portalId)}`,
  contact: '/contact',
  privacy: '/privacy-policy',
  terms: '/terms-of-service',
} as const;

/** /login?redirect=… for a protected path. */
export const loginRedirect = (path: string) =>
  `${paths.login}?redirect=${encodeURIComponent(path)}`;
