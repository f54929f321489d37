/** The products and prices API: create, update, list (with lookup keys, and a product's default price). */
import { ApiError, missing } from '../errors.js';
import { expand, list } from '../expand.js';
import { renderPrice, renderProduct } from '../objects/catalog.js';
import { mergeMetadata, type Params } from '../params.js';
import { get, INTERVALS, type Interval, type Json, type PriceRec, type ProductRec } from '../records.js';
import { findPrice, findProduct, newId, nowS, type StandinContext } from '../store.js';

export function createProduct(standin: StandinContext, p: Params): Json {
  const id = p.str('id');
  if (id !== undefined && (!/^[A-Za-z0-9_-]{1,200}$/.test(id) || id === '__proto__'))
    throw new ApiError(400, 'Product ids may only contain letters, digits, dashes and underscores.', { param: 'id' });
  if (id && get(standin.state.products, id))
    throw new ApiError(400, 'Product already exists.', { code: 'resource_already_exists', param: 'id' });
  const name = p.req('name');
  const features = p.list('marketing_features').map((f) => f.req('name'));
  const priceData = p.sub('default_price_data');
  const t = nowS();
  const product: ProductRec = {
    id: id || newId('prod', 14),
    seq: ++standin.state.seq,
    created: t,
    updated: t,
    name,
    description: p.nullable('description') ?? null,
    active: p.bool('active') ?? true,
    metadata: mergeMetadata({}, p.metadata()),
    features,
    defaultPrice: null,
  };
  // Validate the price before storing anything: a failed create leaves no half product behind.
  const price = priceData ? newPrice(standin, priceData, product.id) : null;
  standin.state.products[product.id] = product;
  if (price) {
    standin.state.prices[price.id] = price;
    product.defaultPrice = price.id;
  }
  return expand(standin, renderProduct(product), p);
}

export function updateProduct(standin: StandinContext, id: string, p: Params): Json {
  const product = findProduct(standin, id, 'id', 404);
  const name = p.str('name');
  if (name === '')
    throw new ApiError(
      400,
      "You passed an empty string for 'name'. We assume empty values are an attempt to unset a parameter; however 'name' cannot be unset.",
      { code: 'parameter_invalid_empty', param: 'name' },
    );
  const defaultPrice = p.str('default_price');
  if (defaultPrice) {
    const price = findPrice(standin, defaultPrice, 'default_price');
    if (price.product !== product.id)
      throw new ApiError(400, `The price ${defaultPrice} does not belong to the product ${product.id}.`, { param: 'default_price' });
  }
  const features = p.raw('marketing_features') !== undefined ? p.list('marketing_features').map((f) => f.req('name')) : undefined;
  const description = p.nullable('description');
  const active = p.bool('active');
  const metadata = p.metadata();
  if (features) product.features = features;
  if (name) product.name = name;
  if (description !== undefined) product.description = description;
  product.active = active ?? product.active;
  product.metadata = mergeMetadata(product.metadata, metadata);
  if (defaultPrice !== undefined) product.defaultPrice = defaultPrice || null;
  product.updated = nowS();
  return expand(standin, renderProduct(product), p);
}

export function listProducts(standin: StandinContext, p: Params): Json {
  const active = p.bool('active');
  const ids = p.strings('ids');
  const items = Object.values(standin.state.products).filter(
    (x) => (active === undefined || x.active === active) && (!ids.length || ids.includes(x.id)),
  );
  return list(standin, items, p, '/v1/products', 'product', (x) => renderProduct(x));
}

/** A price from `currency`, `unit_amount`, `recurring[...]` (shared by prices and default_price_data). */
function newPrice(standin: StandinContext, p: Params, product: string): PriceRec {
  const currency = p.req('currency').toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw new ApiError(400, `Invalid currency: ${currency}`, { param: p.name('currency') });
  const unitAmount = p.int('unit_amount');
  if (unitAmount === undefined) throw missing(p.name('unit_amount'));
  const recurring = p.sub('recurring');
  let interval: Interval | null = null;
  let intervalCount = 1;
  if (recurring) {
    const raw = recurring.req('interval');
    if (!INTERVALS.includes(raw as Interval))
      throw new ApiError(400, `Invalid recurring[interval]: must be one of day, week, month, or year`, {
        param: recurring.name('interval'),
      });
    interval = raw as Interval;
    intervalCount = recurring.int('interval_count', 1) ?? 1;
  }
  return {
    id: newId('price'),
    seq: ++standin.state.seq,
    created: nowS(),
    product,
    currency,
    unitAmount,
    interval,
    intervalCount,
    lookupKey: null,
    nickname: null,
    active: true,
    metadata: {},
  };
}

function takeLookupKey(standin: StandinContext, p: Params, priceId: string): string | null | undefined {
  const key = p.nullable('lookup_key');
  if (!key) return key;
  const holder = Object.values(standin.state.prices).find((x) => x.lookupKey === key && x.id !== priceId);
  if (holder) {
    if (!p.bool('transfer_lookup_key')) {
      throw new ApiError(
        400,
        `A price (\`${holder.id}\`) already uses that lookup key. Use \`transfer_lookup_key=true\` to transfer it to this price.`,
        { param: 'lookup_key' },
      );
    }
    holder.lookupKey = null;
  }
  return key;
}

export function createPrice(standin: StandinContext, p: Params): Json {
  let productId = p.str('product');
  const productData = p.sub('product_data');
  if (!productId && !productData) throw missing('product');
  if (productId) findProduct(standin, productId, 'product');
  const newProductName = !productId && productData ? productData.req('name') : '';
  const newProductActive = productData?.bool('active') ?? true;
  const newProductMetadata = mergeMetadata({}, productData?.metadata());
  const price = newPrice(standin, p, productId ?? '');
  const nickname = p.nullable('nickname') ?? null;
  const active = p.bool('active') ?? true;
  const metadata = mergeMetadata({}, p.metadata());
  // Last of the checks: it may take the key from another price.
  const lookupKey = takeLookupKey(standin, p, price.id);
  if (!productId) {
    const t = nowS();
    const product: ProductRec = {
      id: newId('prod', 14),
      seq: ++standin.state.seq,
      created: t,
      updated: t,
      name: newProductName,
      description: null,
      active: newProductActive,
      metadata: newProductMetadata,
      features: [],
      defaultPrice: null,
    };
    standin.state.products[product.id] = product;
    productId = product.id;
  }
  price.product = productId;
  price.lookupKey = lookupKey ?? null;
  price.nickname = nickname;
  price.active = active;
  price.metadata = metadata;
  standin.state.prices[price.id] = price;
  return expand(standin, renderPrice(price), p);
}

export function updatePrice(standin: StandinContext, id: string, p: Params): Json {
  const price = findPrice(standin, id, 'id', 404);
  const nickname = p.nullable('nickname');
  const active = p.bool('active');
  const metadata = p.metadata();
  const lookupKey = takeLookupKey(standin, p, price.id);
  if (lookupKey !== undefined) price.lookupKey = lookupKey;
  if (nickname !== undefined) price.nickname = nickname;
  price.active = active ?? price.active;
  price.metadata = mergeMetadata(price.metadata, metadata);
  return expand(standin, renderPrice(price), p);
}

export function listPrices(standin: StandinContext, p: Params): Json {
  const active = p.bool('active');
  const product = p.str('product');
  const type = p.str('type');
  const currency = p.str('currency')?.toLowerCase();
  const lookupKeys = p.strings('lookup_keys');
  const interval = p.sub('recurring')?.str('interval');
  const items = Object.values(standin.state.prices).filter(
    (x) =>
      (active === undefined || x.active === active) &&
      (!product || x.product === product) &&
      (!type || (type === 'recurring') === !!x.interval) &&
      (!currency || x.currency === currency) &&
      (!lookupKeys.length || (x.lookupKey !== null && lookupKeys.includes(x.lookupKey))) &&
      (!interval || x.interval === interval),
  );
  return list(standin, items, p, '/v1/prices', 'price', (x) => renderPrice(x));
}
