import { createContext, type ComponentType } from 'react';
import type { PaymentStepProps } from '@/features/feedback/components/share-modal';

/**
 * Where the app puts the payments feature's payment step for what this feature opens deep in its lists
 * (a re-check from an opened review): features do not import each other. None given, a request that
 * needs paying says so instead.
 */
export const PaymentStepSlot = createContext<ComponentType<PaymentStepProps> | null>(null);
