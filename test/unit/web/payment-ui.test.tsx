// @vitest-environment jsdom
// (jsdom: the tests load PayPal's script element by hand; happy-dom would fetch it)
import { act, cleanup, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { type ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentView } from '../../../shared/schemas/payments';
import type { UserCard } from '../../../shared/schemas/directory';

const leaveFor = vi.hoisted(() => vi.fn());

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));
vi.mock('../../../web/src/lib/realtime-provider', () => ({ useRealtime: () => {} }));
vi.mock('../../../web/src/lib/leave', () => ({ leaveFor }));

import { FeedbackCancelRoute, FeedbackSuccessRoute } from '../../../web/src/app/routes/choose-pro';
import { ApiError } from '../../../web/src/lib/api-client';
import { ShareModal } from '../../../web/src/features/feedback/components/share-modal';
import { UserSearch } from '../../../web/src/features/feedback/components/user-search';
import { PaypalButton } from '../../../web/src/features/payments/components/paypal-button';
import { PaymentStep } from '../../../web/src/features/payments/components/payment-step';
import { paypalSdkUrl, resetScriptLoads, usePaypalScript } from '../../../web/src/features/payments/hooks/use-paypal-script';
import { ChooseProGrid } from '../../../web/src/features/pros/components/choose-pro-grid';
import { apiMock } from './amplify-mock';
import { findRequestDraft } from '../../../web/src/features/feedback/utils/request-draft';
import { DRAFT_RESTORED } from '../../../web/src/features/feedback/hooks/use-share-request';
import { testRuntime, trackStack, userCard } from './fixtures';
import { renderUi, Where } from './render';

const PAUL = 'Paul Producer';
const NEXT = `You pay now; if ${PAUL} declines or does not answer within 48 hours, you are refunded in full.`;
const tracks = [
  { id: '00000000-0000-4000-8000-000000000001', title: 'Night Drive' },
  { id: '00000000-0000-4000-8000-000000000002', title: 'Day Trip' },
];

/** Paul, a pro who charges $30. */
const user = (over: Partial<UserCard> = {}) =>
  userCard({ fullName: PAUL, username: 'paulproducer', bio: 'Producer.', genres: ['Hip-Hop'], feedbackPriceCents: 3000, ...over });

function payment(over: Partial<PaymentView> = {}): PaymentView {
  return {
    orderId: 'ORDER1',
    status: 'captured',
    amountCents: 3000,
    proUserId: 'p1',
    proName: PAUL,
    trackId: tracks[0].id,
    trackTitle: 'Night Drive',
    shareId: 's1',
    refundReason: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...over,
  };
}

const renderWithQuery = (ui: ReactElement) => renderUi(ui, { url: null });

const calls = (name: string) => apiMock.mock.calls.filter((c) => c[0] === name);
const submit = () => screen.getByTestId('share-submit') as HTMLButtonElement;

/** Fills the details as a musician would and continues. */
function fillDetails() {
  fireEvent.change(screen.getByLabelText('Track'), { target: { value: tracks[0].id } });
  fireEvent.change(screen.getByLabelText('Feedback notes'), { target: { value: ' Does the low end hit? ' } });
  fireEvent.change(screen.getByLabelText('Context'), { target: { value: 'mix_check' } });
  fireEvent.change(screen.getByLabelText('Reference track (optional)'), { target: { value: 'Artist - Song' } });
  fireEvent.click(within(screen.getByRole('group', { name: 'Feedback categories' })).getByRole('button', { name: 'Mixing' }));
}

/** The share dialog for Paul, filled in and on to the payment step. */
function toPayment() {
  renderWithQuery(<ShareModal open onClose={() => {}} tracks={tracks} paymentStep={PaymentStep} initialUser={user()} />);
  fillDetails();
  fireEvent.click(submit());
}

const orderInput = (feedbackPriceCents: number) => ({
  proUserId: 'p1',
  trackId: tracks[0].id,
  shareOptions: {
    feedbackNotes: 'Does the low end hit?',
    context: 'mix_check',
    referenceTrack: 'Artist - Song',
    categories: ['mixing'],
    peerUsername: 'paulproducer',
  },
  feedbackPriceCents,
  idempotencyKey: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
});

beforeEach(() => {
  apiMock.mockReset();
  leaveFor.mockReset();
  sessionStorage.clear();
  testRuntime('local');
});
afterEach(() => {
  resetScriptLoads();
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  delete window.paypal;
  vi.restoreAllMocks();
});

/** PayPal's return page at `url`, its cancel page beside it (`strict`: in React's strict mode). */
const renderReturnPage = (url: string, strict = false) =>
  renderUi(<FeedbackSuccessRoute />, { url, strict, path: '/feedback/success', routes: { '/feedback/cancel': <FeedbackCancelRoute /> } });

/** The request form as the tests fill it in: Night Drive, its notes, context, reference and Mixing. */
function expectRequestAsWritten() {
  expect((screen.getByLabelText('Track') as HTMLSelectElement).value).toBe(tracks[0].id);
  expect((screen.getByLabelText('Feedback notes') as HTMLTextAreaElement).value).toBe(' Does the low end hit? ');
  expect((screen.getByLabelText('Context') as HTMLSelectElement).value).toBe('mix_check');
  expect((screen.getByLabelText('Reference track (optional)') as HTMLInputElement).value).toBe('Artist - Song');
  expect(
    within(screen.getByRole('group', { name: 'Feedback categories' }))
      .getByRole('button', { name: 'Mixing' })
      .getAttribute('aria-pressed'),
  ).toBe('true');
}

describe('the share dialog with a priced pro', () => {
  it('goes details -> payment after the same checks, and Go Back keeps everything', () => {
    renderWithQuery(<ShareModal open onClose={() => {}} tracks={tracks} paymentStep={PaymentStep} initialUser={user()} />);
    expect(screen.queryByText(/not available yet/)).toBeNull();
    expect(submit().textContent).toBe('Continue to Payment');
    fireEvent.click(submit());
    expect(screen.getByTestId('share-notes-error').textContent).toBe('Feedback notes are required');
    expect(screen.getByTestId('share-context-error').textContent).toBe('Context is required');
    expect(screen.queryByTestId('payment-step')).toBeNull();

    fillDetails();
    fireEvent.click(submit());
    const step = screen.getByRole('region', { name: 'Review and Pay' });
    // The step is announced: its heading has the focus.
    expect(document.activeElement).toBe(within(step).getByRole('heading', { name: 'Review and Pay' }));
    expect(within(step).getByTestId('payment-price').textContent).toBe('$30.00');
    expect(within(step).getByTestId('payment-pro').textContent).toBe(PAUL);
    expect(within(step).getByTestId('payment-track').textContent).toBe('Night Drive');
    expect(within(step).getByTestId('payment-next').textContent).toBe(NEXT);
    expect(within(step).getByRole('button', { name: 'Pay with PayPal' })).toBeTruthy();
    expect(calls('createOrder')).toHaveLength(0);
    expect(calls('createShare')).toHaveLength(0);

    fireEvent.click(within(step).getByRole('button', { name: 'Go Back' }));
    expect(screen.queryByTestId('payment-step')).toBeNull();
    expectRequestAsWritten();
    expect(screen.getByTestId('share-user-selected').textContent).toContain(PAUL);
    expect(document.activeElement).toBe(submit());
  });

  it('opens one order at the price shown, busy against double clicks, then leaves for the approval page', async () => {
    let answer!: (v: unknown) => void;
    apiMock.mockImplementation((name: string) => {
      if (name !== 'createOrder') throw new Error(name);
      return new Promise((r) => (answer = r));
    });
    toPayment();
    const pay = screen.getByTestId('paypal-button') as HTMLButtonElement;
    fireEvent.click(pay);
    fireEvent.click(pay);
    expect(pay.textContent).toBe('Opening PayPal...');
    expect(pay.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Go Back' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls('createOrder')).toEqual([['createOrder', orderInput(3000)]]);
    await act(async () => answer({ orderId: 'ORDER1', approveUrl: 'http://paypal.test/checkoutnow?token=ORDER1' }));
    expect(leaveFor).toHaveBeenCalledWith('http://paypal.test/checkoutnow?token=ORDER1');
    // Leaving: the button stays busy.
    expect(pay.disabled).toBe(true);
  });

  it('shows a changed price, says why, and pays only on another click, at the new price with a new key', async () => {
    apiMock.mockRejectedValueOnce(
      new ApiError(409, 'price_changed', "Paul Producer's price has changed to $45.00. Check the new price before you pay.", undefined, {
        feedbackPriceCents: 4500,
      }),
    );
    toPayment();
    fireEvent.click(screen.getByTestId('paypal-button'));
    const alert = await screen.findByTestId('payment-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.className).toContain('alert-error');
    expect(alert.textContent).toBe("Paul Producer's price has changed to $45.00. Check the new price before you pay.");
    expect(screen.getByTestId('payment-price').textContent).toBe('$45.00');
    expect(leaveFor).not.toHaveBeenCalled();
    expect((screen.getByTestId('paypal-button') as HTMLButtonElement).disabled).toBe(false);

    apiMock.mockResolvedValueOnce({ orderId: 'ORDER2', approveUrl: 'http://paypal.test/checkoutnow?token=ORDER2' });
    fireEvent.click(screen.getByTestId('paypal-button'));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('http://paypal.test/checkoutnow?token=ORDER2'));
    const [first, second] = calls('createOrder').map((c) => c[1]);
    expect(second).toEqual(orderInput(4500));
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
    expect(screen.queryByTestId('payment-error')).toBeNull();
  });

  it("paying without a signed-in user: 'User not authenticated', however the refusal is worded", async () => {
    // API Gateway's own answer to a call without a token, then the server's.
    apiMock.mockRejectedValueOnce(new ApiError(401, 'unauthorized', 'Unauthorized'));
    toPayment();
    fireEvent.click(screen.getByTestId('paypal-button'));
    expect((await screen.findByTestId('payment-error')).textContent).toBe('User not authenticated');
    apiMock.mockRejectedValueOnce(new ApiError(401, 'unauthorized', 'User not authenticated'));
    fireEvent.click(screen.getByTestId('paypal-button'));
    await waitFor(() => expect(calls('createOrder')).toHaveLength(2));
    expect(screen.getByTestId('payment-error').textContent).toBe('User not authenticated');
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it("shows the server's message for other failures (PayPal down) and keeps the key for the retry", async () => {
    apiMock.mockRejectedValueOnce(
      new ApiError(
        503,
        'payment_provider_unavailable',
        'PayPal is not answering as it should right now. Nothing was lost: please try again in a minute.',
      ),
    );
    toPayment();
    fireEvent.click(screen.getByTestId('paypal-button'));
    expect((await screen.findByTestId('payment-error')).textContent).toBe(
      'PayPal is not answering as it should right now. Nothing was lost: please try again in a minute.',
    );
    apiMock.mockResolvedValueOnce({ orderId: 'ORDER3', approveUrl: 'http://paypal.test/checkoutnow?token=ORDER3' });
    fireEvent.click(screen.getByTestId('paypal-button'));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledTimes(1));
    const [first, second] = calls('createOrder').map((c) => c[1]);
    expect(second.idempotencyKey).toBe(first.idempotencyKey);
  });

  it('a pro who stopped charging: back to the details, which now send the request for free', async () => {
    apiMock.mockRejectedValueOnce(new ApiError(409, 'no_price', 'Paul Producer gives feedback for free: send the request without paying.'));
    toPayment();
    fireEvent.click(screen.getByTestId('paypal-button'));
    expect((await screen.findByTestId('share-notice')).textContent).toBe(
      'Paul Producer gives feedback for free: send the request without paying.',
    );
    expect(screen.queryByTestId('share-price')).toBeNull();
    expect(submit().textContent).toBe('Send Request');
  });

  it('a pro who started charging since being found: on to payment at their price, with the reason', async () => {
    apiMock.mockRejectedValueOnce(
      new ApiError(409, 'payment_required', 'Paul Producer charges $30 per feedback: pay for the request to send it.', undefined, {
        feedbackPriceCents: 3000,
      }),
    );
    renderWithQuery(
      <ShareModal open onClose={() => {}} tracks={tracks} paymentStep={PaymentStep} initialUser={user({ feedbackPriceCents: null })} />,
    );
    expect(submit().textContent).toBe('Send Request');
    fillDetails();
    fireEvent.click(submit());
    const step = await screen.findByTestId('payment-step');
    expect(within(step).getByTestId('payment-price').textContent).toBe('$30.00');
    expect(within(step).getByTestId('payment-error').textContent).toBe(
      'Paul Producer charges $30 per feedback: pay for the request to send it.',
    );
    expect(screen.queryByTestId('share-error')).toBeNull();
  });

  it('a free pro or a peer: no payment step, the request is sent as before', async () => {
    apiMock.mockImplementation(async (name: string) => {
      if (name === 'createShare') return { id: 's1' };
      throw new Error(name);
    });
    renderWithQuery(
      <ShareModal
        open
        onClose={() => {}}
        tracks={tracks}
        paymentStep={PaymentStep}
        initialUser={user({ fullName: 'Quinn Peer', username: 'quinnpeer', feedbackPriceCents: null })}
      />,
    );
    expect(submit().textContent).toBe('Send Request');
    fillDetails();
    fireEvent.click(submit());
    expect(await screen.findByText('Feedback Request Sent!')).toBeTruthy();
    expect(screen.queryByTestId('payment-step')).toBeNull();
    expect(calls('createOrder')).toHaveLength(0);
    expect(calls('createShare')).toHaveLength(1);
  });
});

describe("PayPal's script", () => {
  const src = paypalSdkUrl('client-123');
  const scriptEl = () => [...document.head.querySelectorAll('script')].find((el) => el.getAttribute('src') === src) ?? null;

  it('is asked for in USD with capture intent and only the buttons', () => {
    expect(src).toBe('https://www.paypal.com/sdk/js?client-id=client-123&currency=USD&intent=capture&components=buttons');
  });

  it('is initial without an address, pending while it loads, then resolved; loaded once for all', async () => {
    const { result, rerender } = renderHook(({ s }: { s: string | null }) => usePaypalScript(s), {
      initialProps: { s: null as string | null },
    });
    expect(result.current.status).toBe('initial');
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
    rerender({ s: src });
    expect(result.current.status).toBe('pending');
    expect(scriptEl()).not.toBeNull();
    await act(async () => scriptEl()!.dispatchEvent(new Event('load')));
    expect(result.current.status).toBe('resolved');

    const second = renderHook(() => usePaypalScript(src));
    expect(second.result.current.status).toBe('resolved');
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('is rejected when the script fails, and tried afresh on retry', async () => {
    const { result } = renderHook(() => usePaypalScript(src));
    await act(async () => scriptEl()!.dispatchEvent(new Event('error')));
    expect(result.current.status).toBe('rejected');
    expect(scriptEl()).toBeNull();
    act(() => result.current.retry());
    expect(result.current.status).toBe('pending');
    expect(scriptEl()).not.toBeNull();
  });
});

describe("PayPal's own buttons (AWS)", () => {
  type Options = Parameters<NonNullable<Window['paypal']>['Buttons']>[0];

  function renderButtons(createOrder: () => Promise<{ orderId: string; approveUrl: string }>, onError = vi.fn()) {
    renderUi(<PaypalButton mode="aws" clientId="client-123" createOrder={createOrder} onError={onError} />, {
      url: '/choose-pro',
      extra: <Where />,
    });
    return onError;
  }
  const script = () => document.head.querySelector<HTMLScriptElement>('script[src^="https://www.paypal.com/sdk/js"]')!;

  it('renders gold, vertical, 45 high; opens our order and returns through success or cancel', async () => {
    const options: Options[] = [];
    const rendered = vi.fn(async () => {});
    window.paypal = { Buttons: (o) => (options.push(o), { render: rendered, close: async () => {} }) };
    renderButtons(async () => ({ orderId: 'ORDER9', approveUrl: 'unused' }));
    expect(screen.getByTestId('paypal-loading').textContent).toBe('Loading PayPal...');
    await act(async () => script().dispatchEvent(new Event('load')));
    expect(options).toHaveLength(1);
    expect(options[0].style).toMatchObject({ color: 'gold', layout: 'vertical', height: 45 });
    expect(rendered).toHaveBeenCalledTimes(1);
    let orderId!: string;
    await act(async () => {
      orderId = await options[0].createOrder();
    });
    expect(orderId).toBe('ORDER9');
    act(() => void options[0].onApprove({ orderID: 'ORDER9' }));
    expect(screen.getByTestId('where').textContent).toBe('/feedback/success?token=ORDER9');
    act(() => options[0].onCancel({ orderID: 'ORDER9' }));
    expect(screen.getByTestId('where').textContent).toBe('/feedback/cancel?token=ORDER9');
  });

  it("reports our order's failure once, with the server's message", async () => {
    const options: Options[] = [];
    window.paypal = { Buttons: (o) => (options.push(o), { render: async () => {}, close: async () => {} }) };
    const failure = new ApiError(409, 'price_changed', 'New price', undefined, { feedbackPriceCents: 4500 });
    const onError = renderButtons(async () => {
      throw failure;
    });
    await act(async () => script().dispatchEvent(new Event('load')));
    await act(async () => {
      await options[0].createOrder().catch(() => {});
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    act(() => options[0].onError(new Error('Expected an order id')));
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(failure);
  });

  it('says so when the script cannot be loaded', async () => {
    renderButtons(async () => ({ orderId: 'X', approveUrl: 'x' }));
    await act(async () => script().dispatchEvent(new Event('error')));
    const alert = screen.getByTestId('paypal-load-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('PayPal could not be loaded. Check your connection and try again.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(screen.getByTestId('paypal-loading')).toBeTruthy();
  });
});

describe('the return pages', () => {
  const renderAt = (url: string) => renderReturnPage(url, true);
  /** The API: the capture as given, the pros and tracks of Choose Your Pro empty. */
  function answer(capture: () => Promise<PaymentView>) {
    apiMock.mockImplementation(async (name: string) => {
      if (name === 'captureOrder') return capture();
      if (name === 'listPros') return { users: [] };
      if (name === 'listTracks') return { tracks: [] };
      throw new Error(name);
    });
  }

  it('captures once (StrictMode and all) and sums up what was bought', async () => {
    let done!: (p: PaymentView) => void;
    answer(() => new Promise((r) => (done = r)));
    renderAt('/feedback/success?token=ORDER1&PayerID=PAYER');
    expect(screen.getByTestId('payment-confirming').textContent).toBe('Confirming your payment...');
    await act(async () => done(payment()));
    const card = await screen.findByTestId('payment-summary');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment Successful');
    expect(within(card).getByTestId('payment-lead').textContent).toBe('Your request is on its way to Paul Producer.');
    expect(within(card).getByTestId('summary-pro').textContent).toBe(PAUL);
    expect(within(card).getByTestId('summary-track').textContent).toBe('Night Drive');
    expect(within(card).getByTestId('summary-amount').textContent).toBe('$30.00');
    expect(within(card).getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(calls('captureOrder')).toEqual([['captureOrder', { orderId: 'ORDER1' }]]);
    // Choose Your Pro follows, as on every return page.
    expect(screen.getByRole('heading', { name: 'Choose Your Pro' })).toBeTruthy();
  });

  it('says a refunded payment was refunded, and why', async () => {
    answer(async () => payment({ status: 'refunded', refundReason: 'declined', shareId: null }));
    renderAt('/feedback/success?token=ORDER1');
    const card = await screen.findByTestId('payment-refunded');
    expect(within(card).getByTestId('payment-lead').textContent).toBe(
      '$30.00 was refunded to you in full. Paul Producer declined the request.',
    );
  });

  it('a declined payment: the message, nothing charged, and the way back', async () => {
    answer(async () => {
      throw new ApiError(
        409,
        'payment_declined',
        'PayPal declined this payment method. Nothing was charged: try again with another way to pay.',
      );
    });
    renderAt('/feedback/success?token=ORDER1');
    const card = await screen.findByTestId('payment-declined');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment Declined');
    expect(within(card).getByTestId('payment-error').textContent).toBe(
      'PayPal declined this payment method. Nothing was charged: try again with another way to pay.',
    );
    expect(card.textContent).toContain('Your request was not sent.');
    expect(within(card).getByRole('link', { name: 'Go to Dashboard' })).toBeTruthy();
  });

  it('a payment not approved yet: says nothing was charged', async () => {
    answer(async () => {
      throw new ApiError(409, 'payment_not_approved', 'This payment has not been approved in PayPal yet.');
    });
    renderAt('/feedback/success?token=ORDER1');
    const card = await screen.findByTestId('payment-declined');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment Not Approved');
    expect(card.textContent).toContain('Nothing was charged.');
  });

  it('PayPal down: the message and a retry, which asks again', async () => {
    answer(async () => {
      throw new ApiError(503, 'payment_provider_unavailable', 'PayPal is not answering as it should right now.');
    });
    renderAt('/feedback/success?token=ORDER1');
    const card = await screen.findByTestId('payment-unconfirmed');
    expect(within(card).getByTestId('payment-error').textContent).toBe('PayPal is not answering as it should right now.');
    answer(async () => payment());
    fireEvent.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('payment-summary')).toBeTruthy();
    // Once on arrival, once more when asked.
    expect(calls('captureOrder')).toHaveLength(2);
  });

  it('without a token: a neutral message and no capture', async () => {
    answer(async () => payment());
    renderAt('/feedback/success');
    expect(screen.getByTestId('payment-none').textContent).toBe(
      'There is no payment to confirm here. To ask a pro for feedback, choose one below.',
    );
    await screen.findByTestId('pros-empty');
    expect(calls('captureOrder')).toHaveLength(0);
  });

  it('cancel: nothing was charged, the request was not sent', async () => {
    answer(async () => payment());
    renderAt('/feedback/cancel?token=ORDER1');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment Cancelled');
    const card = screen.getByTestId('payment-cancelled');
    expect(card.textContent).toContain('Nothing was charged.');
    expect(card.textContent).toContain('Your request was not sent. You can send it again at any time.');
    expect(screen.getByRole('heading', { name: 'Choose Your Pro' })).toBeTruthy();
    await screen.findByTestId('pros-empty');
    expect(calls('captureOrder')).toHaveLength(0);
  });
});

describe('what was written, after a payment that did not go through', () => {
  const renderAt = (url: string) => renderReturnPage(url);
  function answer(capture: () => Promise<PaymentView>) {
    apiMock.mockImplementation(async (name: string) => {
      if (name === 'captureOrder') return capture();
      if (name === 'cancelOrder') return {};
      if (name === 'listPros') return { users: [] };
      if (name === 'listTracks') return { tracks: tracks.map((t) => trackStack(t)), next: null, total: tracks.length };
      throw new Error(name);
    });
  }
  /** The form as toPayment() filled it in. */
  function expectRestored() {
    expect(screen.getByTestId('share-notice').textContent).toBe(DRAFT_RESTORED);
    expect(screen.getByTestId('share-user-selected').textContent).toContain(PAUL);
    expectRequestAsWritten();
  }

  it('cancelled in PayPal: the cancel page opens the request again as written', async () => {
    toPayment();
    expect(screen.getByTestId('payment-step')).toBeTruthy();
    cleanup();

    answer(async () => payment());
    renderAt('/feedback/cancel?token=ORDER1');
    fireEvent.click(screen.getByRole('button', { name: 'Back to your request' }));
    await screen.findByRole('dialog', { name: 'Request Feedback' });
    await waitFor(() => expect((screen.getByLabelText('Track') as HTMLSelectElement).value).toBe(tracks[0].id));
    expectRestored();
    // Continuing goes to the payment step again, at the same request.
    fireEvent.click(submit());
    expect(screen.getByTestId('payment-step')).toBeTruthy();
  });

  it('declined: choosing the same pro again opens the form as written; another pro, an empty one', async () => {
    toPayment();
    cleanup();
    answer(async () => {
      throw new ApiError(409, 'payment_declined', 'PayPal declined this payment method. Nothing was charged.');
    });
    renderAt('/feedback/success?token=ORDER1');
    await screen.findByTestId('payment-declined');
    cleanup();

    renderWithQuery(<ShareModal open onClose={() => {}} tracks={tracks} paymentStep={PaymentStep} initialUser={user()} />);
    expectRestored();
    cleanup();
    renderWithQuery(<ShareModal open onClose={() => {}} tracks={tracks} paymentStep={PaymentStep} initialUser={user({ id: 'p2' })} />);
    expect((screen.getByLabelText('Feedback notes') as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByTestId('share-notice')).toBeNull();
  });

  it('once the payment is captured the request is sent, and what was written for it is forgotten', async () => {
    toPayment();
    cleanup();
    expect(findRequestDraft({ userId: 'p1' })).not.toBeNull();
    answer(async () => payment());
    renderAt('/feedback/success?token=ORDER1');
    await screen.findByTestId('payment-summary');
    await waitFor(() => expect(findRequestDraft({ userId: 'p1' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Back to your request' })).toBeNull();
  });
});

describe("'Free' where there is no price", () => {
  it('on pro cards and in search results; a price where there is one', async () => {
    apiMock.mockImplementation(async (name: string) => {
      if (name === 'listPros' || name === 'searchUsers')
        return { users: [user(), user({ id: 'p3', fullName: 'Quinn Peer', feedbackPriceCents: null })] };
      throw new Error(name);
    });
    renderWithQuery(<ChooseProGrid onChoose={() => {}} />);
    const cards = await screen.findAllByTestId('pro-card');
    expect(within(cards[0]).getByTestId('pro-price').textContent).toBe('$30 per feedback');
    expect(within(cards[0]).queryByTestId('pro-free')).toBeNull();
    expect(within(cards[1]).getByTestId('pro-free').textContent).toBe('Free');
    cleanup();

    renderWithQuery(<UserSearch value={null} onChange={() => {}} />);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'pa' } });
    const options = await screen.findAllByRole('option');
    expect(within(options[0]).getByTestId('user-price').textContent).toBe('$30');
    expect(within(options[1]).getByTestId('user-free').textContent).toBe('Free');
  });
});

describe('Choose Your Pro across pages', () => {
  it('shows a pro who moved between two pages once, where first seen', async () => {
    apiMock.mockImplementation(async (name: string, input: { cursor?: string }) => {
      if (name !== 'listPros') throw new Error(name);
      return input.cursor
        ? { users: [user(), user({ id: 'p4', fullName: 'Rae Later' })], next: null }
        : { users: [user(), user({ id: 'p3', fullName: 'Quinn Peer' })], next: 'page-2' };
    });
    renderWithQuery(<ChooseProGrid onChoose={() => {}} />);
    await screen.findAllByTestId('pro-card');
    fireEvent.click(screen.getByRole('button', { name: 'Load more pros' }));
    await waitFor(() => expect(screen.getAllByTestId('pro-card')).toHaveLength(3));
    expect(screen.getAllByTestId('pro-card').map((c) => within(c).getByRole('heading').textContent)).toEqual([
      user().fullName,
      'Quinn Peer',
      'Rae Later',
    ]);
  });
});
