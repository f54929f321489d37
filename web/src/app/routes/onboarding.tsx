import '@/styles/app.css';
import '@/features/onboarding/onboarding.css';
export { MusicianOnboarding as MusicianOnboardingRoute } from '@/features/onboarding/components/musician-onboarding';
export { ProOnboarding as ProOnboardingRoute } from '@/features/onboarding/components/pro-onboarding';
export { TypeChoice as TypeOnboardingRoute } from '@/features/onboarding/components/type-choice';
