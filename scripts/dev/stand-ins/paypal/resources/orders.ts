/** The Orders v2 API: create an order, show it, capture it once the buyer has approved (or refuse a declined card). */
import { badSyntax, invalidRequest, missing, notFound, unprocessable } from '../errors.js';
import { isObject, optionalString, optionalUrl, parseAmount } from '../input.js';
import { approveHref, captureJson, orderHref, orderJson, orderLinks, paymentSource } from '../objects.js';
import type { Json, PurchaseUnit, StoredCapture, StoredOrder } from '../records.js';
import { idempotent, type Handler } from '../requests.js';
import { FEE_FIXED_CENTS, FEE_RATE_BP, now, paypalId, usd, type StandinContext } from '../store.js';

/** An order with this invoice id (other than exceptOrder) has been captured: PayPal takes an invoice id once. */
function invoiceCaptured(standin: StandinContext, invoiceId: string, exceptOrder?: string) {
  return Object.values(standin.state.orders).some(
    (o) => o.id !== exceptOrder && o.status === 'COMPLETED' && o.unit.invoice_id === invoiceId,
  );
}

const duplicateInvoice = (invoiceId: string) =>
  unprocessable({
    field: "/purchase_units/@reference_id=='default'/invoice_id",
    value: invoiceId,
    location: 'body',
    issue: 'DUPLICATE_INVOICE_ID',
    description:
      'Duplicate Invoice ID detected. To avoid a potential duplicate transaction your account setting requires that Invoice Id be unique for each transaction.',
  });

/** The one purchase unit of a new order, checked as PayPal checks it. */
function purchaseUnit(body: Json): PurchaseUnit {
  const units = body.purchase_units;
  if (units === undefined) throw missing('/purchase_units');
  if (!Array.isArray(units)) throw badSyntax('/purchase_units', JSON.stringify(units));
  if (units.length < 1)
    throw invalidRequest({
      field: '/purchase_units',
      issue: 'INVALID_ARRAY_MIN_ITEMS',
      description: 'The number of items in an array parameter is too small.',
    });
  if (units.length > 1) {
    throw invalidRequest({
      field: '/purchase_units',
      issue: 'INVALID_ARRAY_MAX_ITEMS',
      description: 'The number of items in an array parameter is too large: this account takes one purchase unit.',
    });
  }
  const u = units[0];
  if (!isObject(u)) throw badSyntax('/purchase_units/0', JSON.stringify(u));
  const cents = parseAmount(u.amount, '/purchase_units/0/amount');
  const unit: PurchaseUnit = {
    reference_id: optionalString(u, 'reference_id', '/purchase_units/0/reference_id', 256) ?? 'default',
    amount: usd(cents),
  };
  const description = optionalString(u, 'description', '/purchase_units/0/description', 127);
  const customId = optionalString(u, 'custom_id', '/purchase_units/0/custom_id', 255);
  const invoiceId = optionalString(u, 'invoice_id', '/purchase_units/0/invoice_id', 127);
  const softDescriptor = optionalString(u, 'soft_descriptor', '/purchase_units/0/soft_descriptor', 22);
  if (description !== undefined) unit.description = description;
  if (customId !== undefined) unit.custom_id = customId;
  if (invoiceId !== undefined) unit.invoice_id = invoiceId;
  if (softDescriptor !== undefined) unit.soft_descriptor = softDescriptor;
  return unit;
}

/**
 * How the buyer is sent to approve a new order, and back: `payment_source.paypal` with its
 * `experience_context`, or the older `application_context`.
 */
function buyerExperience(body: Json) {
  let context: Json = {};
  let viaPaymentSource = false;
  if (body.payment_source !== undefined) {
    const source = body.payment_source;
    if (!isObject(source) || !isObject(source.paypal) || Object.keys(source).length !== 1) {
      throw invalidRequest({
        field: '/payment_source',
        issue: 'INVALID_PARAMETER_VALUE',
        description: 'The value of a field is invalid: this account takes payment_source.paypal only.',
      });
    }
    viaPaymentSource = true;
    const experience = source.paypal.experience_context;
    if (experience !== undefined && !isObject(experience))
      throw badSyntax('/payment_source/paypal/experience_context', JSON.stringify(experience));
    context = experience ?? {};
  } else if (body.application_context !== undefined) {
    if (!isObject(body.application_context)) throw badSyntax('/application_context', JSON.stringify(body.application_context));
    context = body.application_context;
  }
  const where = viaPaymentSource ? '/payment_source/paypal/experience_context' : '/application_context';
  const returnUrl = optionalUrl(context, 'return_url', `${where}/return_url`);
  const cancelUrl = optionalUrl(context, 'cancel_url', `${where}/cancel_url`);
  const brandName = optionalString(context, 'brand_name', `${where}/brand_name`, 127);
  return { viaPaymentSource, returnUrl, cancelUrl, brandName };
}

/** PayPal's restart after a declined card: the buyer goes back to the approval page to choose another way to pay. */
function declineCapture(standin: StandinContext, o: StoredOrder) {
  o.status = o.initialStatus;
  o.declines = false;
  delete o.payer;
  o.updateTime = now();
  standin.save();
  standin.log(`paypal: order ${o.id} capture declined; the buyer must approve again`);
  return unprocessable(
    {
      issue: 'INSTRUMENT_DECLINED',
      description: "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
    },
    [{ href: approveHref(standin, o.id), rel: 'redirect', method: 'GET' }],
  );
}

/** Captures an approved order's amount, with its PAYMENT.CAPTURE.COMPLETED webhook. */
function captureApproved(standin: StandinContext, o: StoredOrder): StoredCapture {
  const time = now();
  const cents = Math.round(Number(o.unit.amount.value) * 100);
  const capture: StoredCapture = {
    id: paypalId(),
    orderId: o.id,
    status: 'COMPLETED',
    cents,
    feeCents: Math.round((cents * FEE_RATE_BP) / 10_000) + FEE_FIXED_CENTS,
    invoiceId: o.unit.invoice_id,
    customId: o.unit.custom_id,
    refundIds: [],
    createTime: time,
    updateTime: time,
  };
  standin.state.captures[capture.id] = capture;
  o.status = 'COMPLETED';
  o.captureId = capture.id;
  o.updateTime = time;
  standin.save();
  standin.log(`paypal: order ${o.id} captured: ${capture.id}`);
  standin.emit(
    'PAYMENT.CAPTURE.COMPLETED',
    'capture',
    `Payment completed for $ ${o.unit.amount.value} USD`,
    captureJson(standin, capture, true),
  );
  return capture;
}

/** The orders API's handlers. */
export function orderRoutes(standin: StandinContext) {
  const { state, save, log } = standin;

  const createOrder: Handler = (ctx) =>
    idempotent(standin, ctx, 'create-order', () => {
      const body = ctx.json();
      if (body.intent === undefined) throw missing('/intent');
      if (body.intent !== 'CAPTURE') {
        throw invalidRequest({
          field: '/intent',
          value: String(body.intent),
          issue: 'INVALID_PARAMETER_VALUE',
          description: 'The value of a field is invalid: this account takes intent CAPTURE only.',
        });
      }
      const unit = purchaseUnit(body);
      const invoiceId = unit.invoice_id;
      const { viaPaymentSource, returnUrl, cancelUrl, brandName } = buyerExperience(body);

      if (invoiceId !== undefined && invoiceCaptured(standin, invoiceId)) throw duplicateInvoice(invoiceId);
      const time = now();
      const initialStatus = viaPaymentSource ? 'PAYER_ACTION_REQUIRED' : 'CREATED';
      const order: StoredOrder = {
        id: paypalId(),
        status: initialStatus,
        initialStatus,
        paymentSource: viaPaymentSource,
        unit,
        returnUrl,
        cancelUrl,
        brandName,
        declines: false,
        createTime: time,
        updateTime: time,
      };
      state.orders[order.id] = order;
      save();
      log(`paypal: order ${order.id} created for $${unit.amount.value}${invoiceId ? ` (invoice ${invoiceId})` : ''}`);
      const source = paymentSource(order);
      return {
        status: 201,
        json: ctx.representation
          ? orderJson(standin, order)
          : { id: order.id, status: order.status, ...(source && { payment_source: source }), links: orderLinks(standin, order) },
      };
    });

  const showOrder: Handler = (_ctx, [id]) => {
    const o = state.orders[id];
    if (!o) throw notFound('order_id', id);
    return { status: 200, json: orderJson(standin, o) };
  };

  const captureOrder: Handler = (ctx, [id]) =>
    idempotent(standin, ctx, `capture:${id}`, () => {
      ctx.json();
      const o = state.orders[id];
      if (!o) throw notFound('order_id', id);
      if (o.status === 'COMPLETED') {
        throw unprocessable({
          issue: 'ORDER_ALREADY_CAPTURED',
          description: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
        });
      }
      if (o.status !== 'APPROVED') {
        throw unprocessable({
          issue: 'ORDER_NOT_APPROVED',
          description:
            "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
        });
      }
      if (o.declines) throw declineCapture(standin, o);
      if (o.unit.invoice_id !== undefined && invoiceCaptured(standin, o.unit.invoice_id, o.id)) throw duplicateInvoice(o.unit.invoice_id);
      const capture = captureApproved(standin, o);
      return {
        status: 201,
        json: ctx.representation
          ? orderJson(standin, o)
          : {
              id: o.id,
              status: o.status,
              payment_source: paymentSource(o),
              purchase_units: [{ reference_id: o.unit.reference_id, payments: { captures: [captureJson(standin, capture, false)] } }],
              payer: o.payer,
              links: [{ href: orderHref(standin, o.id), rel: 'self', method: 'GET' }],
            },
      };
    });

  return { createOrder, showOrder, captureOrder };
}
