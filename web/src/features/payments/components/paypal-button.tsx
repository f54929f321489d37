import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ApiOutput } from '@/lib/api';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { paypalSdkUrl, usePaypalScript } from '@/features/payments/hooks/use-paypal-script';
import { leaveFor } from '@/lib/leave';
import { cancelPath, successPath } from '@/features/payments/utils/redirect';

export const PAYPAL_LOAD_FAILED = 'PayPal could not be loaded. Check your connection and try again.';
export const PAYPAL_FAILED = 'PayPal could not complete the payment. Nothing was charged: please try again.';
const OPENING = 'Opening PayPal...';

type Order = ApiOutput<'createOrder'>;

/** The part of PayPal's JS SDK used here. */
interface PaypalButtonsInstance {
  render(container: HTMLElement): Promise<void>;
  close(): Promise<void>;
}
interface PaypalNamespace {
  Buttons(options: {
    style: { color: 'gold'; layout: 'vertical'; height: number; label?: string };
    createOrder: () => Promise<string>;
    onApprove: (data: { orderID: string }) => Promise<void> | void;
    onCancel: (data: { orderID?: string }) => void;
    onError: (err: unknown) => void;
  }): PaypalButtonsInstance;
}
declare global {
  interface Window {
    paypal?: PaypalNamespace;
  }
}

interface Props {
  createOrder: () => Promise<Order>;
  /** Any failure: of our order (an ApiError, with the server's message) or of PayPal itself. */
  onError: (err: unknown) => void;
  /** Tells whether the order is being created (to hold other controls still meanwhile). */
  onBusyChange?: (busy: boolean) => void;
}

/**
 * The payment button (spec section 9: gold, vertical layout, height 45). With the local stand-in it is
 * our own gold button, which opens the order and goes to the stand-in's approval page; in AWS it is
 * PayPal's own, from its JS SDK, whose popup comes back here through onApprove or onCancel.
 */
export function PaypalButton({ mode, clientId, ...props }: Props & { mode: 'local' | 'aws'; clientId?: string }) {
  return mode === 'aws' ? <SdkButtons clientId={clientId} {...props} /> : <LocalButton {...props} />;
}

/**
 * PayPal's wordmark in its two blues, as on its own button: a logo (an image named 'PayPal'), which is
 * what WCAG exempts from the contrast rule, as PayPal's light blue on its gold would not pass it as text.
 */
const Wordmark = () => (
  <svg className="paypal-wordmark" role="img" aria-label="PayPal" viewBox="0 0 62 22" width="62" height="22">
    <text x="0" y="17" className="paypal-wordmark-text">
      <tspan className="paypal-wordmark-pay">Pay</tspan>
      <tspan className="paypal-wordmark-pal">Pal</tspan>
    </text>
  </svg>
);

function LocalButton({ createOrder, onError, onBusyChange }: Props) {
  const [busy, setBusy] = useState(false);
  // State settles after the click: a second click of the same frame must find the door already shut.
  const inFlight = useRef(false);
  const setBoth = (b: boolean) => {
    inFlight.current = b;
    setBusy(b);
    onBusyChange?.(b);
  };

  const pay = async () => {
    if (inFlight.current) return;
    setBoth(true);
    let order: Order;
    try {
      order = await createOrder();
    } catch (err) {
      setBoth(false);
      onError(err);
      return;
    }
    // Still busy: the page is leaving for PayPal.
    leaveFor(order.approveUrl);
  };

  return (
    <button
      type="button"
      className="paypal-button"
      onClick={() => void pay()}
      disabled={busy}
      aria-busy={busy || undefined}
      data-testid="paypal-button"
    >
      {busy ? (
        <>
          <span className="btn-spinner" aria-hidden="true" />
          {OPENING}
        </>
      ) : (
        <>
          Pay with <Wordmark />
        </>
      )}
    </button>
  );
}

function SdkButtons({ clientId, createOrder, onError, onBusyChange }: Props & { clientId?: string }) {
  const navigate = useNavigate();
  const { status, retry } = usePaypalScript(clientId ? paypalSdkUrl(clientId) : null);
  const [busy, setBusy] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  // PayPal keeps the callbacks it was rendered with: they read the current props through this.
  const latest = useRef({ createOrder, onError, onBusyChange, navigate });
  latest.current = { createOrder, onError, onBusyChange, navigate };

  useEffect(() => {
    if (!clientId) console.error('PayPal client id missing from the runtime configuration');
  }, [clientId]);

  useEffect(() => {
    const el = container.current;
    if (status !== 'resolved' || !el || !window.paypal) return;
    let live = true;
    // A failed createOrder is reported once, with our message, not again as PayPal's generic error.
    let reported = false;
    const setBoth = (b: boolean) => {
      if (!live) return;
      setBusy(b);
      latest.current.onBusyChange?.(b);
    };
    const buttons = window.paypal.Buttons({
      style: { color: 'gold', layout: 'vertical', height: 45, label: 'paypal' },
      createOrder: async () => {
        reported = false;
        setBoth(true);
        try {
          return (await latest.current.createOrder()).orderId;
        } catch (err) {
          reported = true;
          latest.current.onError(err);
          throw err;
        } finally {
          setBoth(false);
        }
      },
      onApprove: ({ orderID }) => {
        latest.current.navigate(successPath(orderID));
      },
      onCancel: ({ orderID }) => {
        latest.current.navigate(cancelPath(orderID));
      },
      onError: (err) => {
        console.error('PayPal button error', err);
        if (live && !reported) latest.current.onError(new Error(PAYPAL_FAILED));
        reported = false;
      },
    });
    buttons.render(el).catch((err: unknown) => {
      // Rendering into a container that is already gone (the dialog closed) is not a failure.
      if (!live) return;
      console.error('PayPal buttons could not render', err);
      latest.current.onError(new Error(PAYPAL_LOAD_FAILED));
    });
    return () => {
      live = false;
      void buttons.close().catch(() => {});
      el.replaceChildren();
    };
  }, [status]);

  if (status === 'rejected' || !clientId) {
    return (
      <Alert tone="error" testId="paypal-load-error">
        {PAYPAL_LOAD_FAILED}{' '}
        {clientId && (
          <Button variant="ghost" className="alert-action" onClick={retry}>
            Try again
          </Button>
        )}
      </Alert>
    );
  }
  return (
    <div className="paypal-sdk" data-testid="paypal-sdk" aria-busy={status !== 'resolved' || busy || undefined}>
      {status !== 'resolved' && (
        <div className="paypal-placeholder" role="status" data-testid="paypal-loading">
          <span className="btn-spinner" aria-hidden="true" />
          Loading PayPal...
        </div>
      )}
      <div ref={container} className="paypal-sdk-buttons" />
      {busy && (
        <p className="muted small paypal-status" role="status">
          {OPENING}
        </p>
      )}
    </div>
  );
}
