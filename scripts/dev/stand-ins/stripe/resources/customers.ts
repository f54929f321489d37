/** The customers API: create, update, list by e-mail. */
import crypto from 'node:crypto';
import { expand, list } from '../expand.js';
import { renderCustomer } from '../objects/customers.js';
import { checkEmail, mergeMetadata, type Params } from '../params.js';
import type { CustomerRec, Json } from '../records.js';
import { findCustomer, newId, nowS, type StandinContext } from '../store.js';

export function newCustomer(standin: StandinContext, email: string | null, name: string | null): CustomerRec {
  const c: CustomerRec = {
    id: newId('cus', 14),
    seq: ++standin.state.seq,
    created: nowS(),
    email,
    name,
    description: null,
    metadata: {},
    invoicePrefix: crypto.randomBytes(4).toString('hex').toUpperCase(),
    invoiceCount: 0,
  };
  standin.state.customers[c.id] = c;
  return c;
}

export function createCustomer(standin: StandinContext, p: Params): Json {
  const email = checkEmail(p, 'email') ?? null;
  const name = p.nullable('name') ?? null;
  const description = p.nullable('description') ?? null;
  const metadata = mergeMetadata({}, p.metadata());
  const c = newCustomer(standin, email, name);
  c.description = description;
  c.metadata = metadata;
  return expand(standin, renderCustomer(standin, c), p);
}

export function updateCustomer(standin: StandinContext, id: string, p: Params): Json {
  const c = findCustomer(standin, id, 'id', 404);
  const email = checkEmail(p, 'email');
  const name = p.nullable('name');
  const description = p.nullable('description');
  const metadata = p.metadata();
  if (email !== undefined) c.email = email;
  if (name !== undefined) c.name = name;
  if (description !== undefined) c.description = description;
  c.metadata = mergeMetadata(c.metadata, metadata);
  return expand(standin, renderCustomer(standin, c), p);
}

export function listCustomers(standin: StandinContext, p: Params): Json {
  const email = p.str('email');
  const items = Object.values(standin.state.customers).filter((c) => email === undefined || c.email === email);
  return list(standin, items, p, '/v1/customers', 'customer', (c) => renderCustomer(standin, c));
}
