/**
 * Which DynamoDB item actions a Lambda entry's code can make, read from the code itself: every
 * declaration reachable from the entry (a call graph over the TypeScript program, following each name to
 * its declaration, whole bodies included, so closures and callbacks count), and in it each
 * `new <X>Command` of the DynamoDB document client, with what IAM authorizes it as. A transaction is
 * authorized per item, so TransactWriteCommand counts as the item kinds (Put, Update, Delete,
 * ConditionCheck) written in reachable code.
 *
 * It errs on the side of more: a reachable function counts whatever route or branch calls it. Only the
 * cuts a caller names (`unreachable`) are taken out, for code a condition the graph cannot see keeps
 * from running (the middleware's caller look-up on an area whose routes are all public).
 */
import * as path from 'node:path';
import ts from 'typescript';
import { REPO_ROOT } from '../../infra/constructs/function.js';

/** What IAM authorizes each document client command as. */
const COMMAND_ACTIONS: Readonly<Record<string, readonly string[]>> = {
  GetCommand: ['dynamodb:GetItem'],
  PutCommand: ['dynamodb:PutItem'],
  UpdateCommand: ['dynamodb:UpdateItem'],
  DeleteCommand: ['dynamodb:DeleteItem'],
  QueryCommand: ['dynamodb:Query'],
  ScanCommand: ['dynamodb:Scan'],
  BatchGetCommand: ['dynamodb:BatchGetItem'],
  BatchWriteCommand: ['dynamodb:BatchWriteItem'],
  // Authorized per item: GetItem for each read.
  TransactGetCommand: ['dynamodb:GetItem'],
  // Authorized per item: the item kinds found in reachable code (TRANSACT_ITEMS).
  TransactWriteCommand: [],
  // The low-level client's, should anyone use them.
  GetItemCommand: ['dynamodb:GetItem'],
  PutItemCommand: ['dynamodb:PutItem'],
  UpdateItemCommand: ['dynamodb:UpdateItem'],
  DeleteItemCommand: ['dynamodb:DeleteItem'],
  BatchGetItemCommand: ['dynamodb:BatchGetItem'],
  BatchWriteItemCommand: ['dynamodb:BatchWriteItem'],
  TransactGetItemsCommand: ['dynamodb:GetItem'],
  TransactWriteItemsCommand: [],
};

/** A transaction item's kind (its one key) and the action IAM checks it as. */
const TRANSACT_ITEMS: Readonly<Record<string, string>> = {
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
};

const DYNAMO_PACKAGES = new Set(['@aws-sdk/lib-dynamodb', '@aws-sdk/client-dynamodb']);

export interface TableCalls {
  /** The IAM actions, sorted. */
  actions: string[];
  /** The commands seen, sorted. */
  commands: string[];
  /** The indexes its Queries name (`IndexName`), sorted; '?' for a name that is not written out. */
  indexes: string[];
  /** The cuts named that were met (a stale name would cut nothing). */
  cutsFound: string[];
  /** Where each command and transaction item kind is written (file:line), to tell why it counts. */
  sites: Record<string, string[]>;
  /** For each site, one chain of declarations from the entry that reaches it. */
  paths: Record<string, string>;
}

const OWN_DIRS = ['functions', 'shared', 'test/infra/fixtures'].map((dir) => path.join(REPO_ROOT, dir));

let program: ts.Program | undefined;
function getProgram(): ts.Program {
  if (!program) {
    const configFile = path.join(REPO_ROOT, 'tsconfig.json');
    const parsed = ts.getParsedCommandLineOfConfigFile(
      configFile,
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(String(d.messageText));
        },
      },
    );
    if (!parsed) throw new Error('tsconfig.json could not be read');
    // Our code only (the functions, what they share with the web app, this reader's test entries): the
    // packages' types are not needed to follow our calls, and would take several times as long to load.
    const roots = parsed.fileNames.filter((f) => OWN_DIRS.some((dir) => f.startsWith(dir + path.sep)));
    program = ts.createProgram(roots, { ...parsed.options, noResolve: true, types: [] });
  }
  return program;
}

/** The module an import or export declaration names ('' when it names none). */
function moduleOf(decl: { readonly moduleSpecifier?: ts.Expression }): string {
  const spec = decl.moduleSpecifier;
  return spec && ts.isStringLiteral(spec) ? spec.text : '';
}

/** A variable whose value is a function written in place (parentheses, `as` and `satisfies` aside). */
function isFunctionConst(decl: ts.VariableDeclaration): boolean {
  let init = decl.initializer;
  while (init && (ts.isParenthesizedExpression(init) || ts.isAsExpression(init) || ts.isSatisfiesExpression(init))) init = init.expression;
  return Boolean(init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)));
}

const isOwnCode = (file: string) => !file.includes('/node_modules/') && !file.endsWith('.d.ts');

/**
 * The table calls of `entry` (relative to the repository). `unreachable` names functions (by name, in
 * our code) whose bodies are not followed.
 */
export function tableCallsOf(entry: string, unreachable: readonly string[] = []): TableCalls {
  const prog = getProgram();
  const checker = prog.getTypeChecker();
  const entryFile = prog.getSourceFile(path.join(REPO_ROOT, entry));
  if (!entryFile) throw new Error(`${entry} is not in the program`);

  const commands = new Set<string>();
  const itemKinds = new Set<string>();
  const indexes = new Set<string>();
  const nameOf = (decl: ts.Declaration): string | undefined => {
    const name = (decl as { name?: ts.Node }).name;
    return name && ts.isIdentifier(name) ? name.text : undefined;
  };
  const sites: Record<string, string[]> = {};
  const paths: Record<string, string> = {};
  const where = (node: ts.Node) => {
    const file = node.getSourceFile();
    return `${path.relative(REPO_ROOT, file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  };
  const label = (node: ts.Node) => nameOf(node as ts.Declaration) ?? where(node);
  const site = (what: string, node: ts.Node) => {
    const at = where(node);
    if ((sites[what] ??= []).includes(at)) return;
    sites[what].push(at);
    const chain: string[] = [];
    for (let n: ts.Node | undefined = current; n && chain.length < 40; n = via.get(n)) chain.unshift(label(n));
    paths[`${what} ${at}`] = chain.join(' > ');
  };
  const cutsFound = new Set<string>();
  const seen = new Set<ts.Node>();
  const modules = new Set<ts.SourceFile>();
  const queue: ts.Node[] = [];

  const via = new Map<ts.Node, ts.Node | undefined>();
  let current: ts.Node | undefined;
  const enqueue = (node: ts.Node) => {
    if (seen.has(node)) return;
    seen.add(node);
    via.set(node, current);
    queue.push(node);
  };
  /** A module's top-level code runs when it is loaded: everything but the bodies of its declarations. */
  const load = (file: ts.SourceFile) => {
    if (modules.has(file)) return;
    modules.add(file);
    for (const statement of file.statements) {
      if (ts.isFunctionDeclaration(statement) || ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) continue;
      if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) continue;
      if (ts.isVariableStatement(statement)) {
        // `const f = () => ...` is a function declaration by another name: its body runs when f is called.
        for (const decl of statement.declarationList.declarations) if (!isFunctionConst(decl)) enqueue(decl);
        continue;
      }
      enqueue(statement);
    }
  };
  const follow = (symbol: ts.Symbol | undefined) => {
    if (!symbol) return;
    if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    for (const decl of symbol.declarations ?? []) {
      const file = decl.getSourceFile();
      if (!isOwnCode(file.fileName)) continue;
      if (ts.isInterfaceDeclaration(decl) || ts.isTypeAliasDeclaration(decl) || ts.isTypeParameterDeclaration(decl)) continue;
      if (ts.isSourceFile(decl)) {
        // A namespace import: the module's exports are followed one by one as they are used.
        load(decl);
        continue;
      }
      const name = nameOf(decl);
      if (name && unreachable.includes(name)) {
        cutsFound.add(name);
        continue;
      }
      load(file);
      enqueue(decl);
    }
  };
  /** The name a DynamoDB package exports that the expression stands for (imported, re-exported, or `ns.Name`). */
  const dynamoExport = (expression: ts.Expression): string | undefined => {
    if (ts.isPropertyAccessExpression(expression)) {
      const ns = checker.getSymbolAtLocation(expression.expression)?.declarations?.[0];
      return ns && ts.isNamespaceImport(ns) && DYNAMO_PACKAGES.has(moduleOf(ns.parent.parent)) ? expression.name.text : undefined;
    }
    let symbol = checker.getSymbolAtLocation(expression);
    for (let hops = 0; symbol && symbol.flags & ts.SymbolFlags.Alias && hops < 10; hops++) {
      const decl = symbol.declarations?.[0];
      if (decl && (ts.isImportSpecifier(decl) || ts.isExportSpecifier(decl))) {
        const from = ts.isImportSpecifier(decl) ? moduleOf(decl.parent.parent.parent) : moduleOf(decl.parent.parent);
        if (DYNAMO_PACKAGES.has(from)) return (decl.propertyName ?? decl.name).text;
      }
      symbol = checker.getImmediateAliasedSymbol(symbol);
    }
    return undefined;
  };
  const walked = new Set<ts.Node>();
  const visit = (node: ts.Node): void => {
    // A declaration inside one already read was read with it.
    if (walked.has(node)) return;
    walked.add(node);
    // Types run nothing; a class's `extends` (written as a type node) does.
    if (ts.isTypeNode(node) && !ts.isExpressionWithTypeArguments(node)) return;
    if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return;
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isNewExpression(node)) {
      const name = dynamoExport(node.expression);
      if (name?.endsWith('Command')) {
        if (!(name in COMMAND_ACTIONS)) throw new Error(`${entry}: unknown DynamoDB command ${name}`);
        commands.add(name);
        site(name, node);
      }
    }
    if (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) {
      const name = node.name;
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(name) && name.text === 'IndexName') {
        const value = node.initializer;
        indexes.add(ts.isStringLiteralLike(value) ? value.text : '?');
        site(`IndexName ${ts.isStringLiteralLike(value) ? value.text : '?'}`, node);
      }
      if (ts.isIdentifier(name) && name.text in TRANSACT_ITEMS && ts.isObjectLiteralExpression(node.parent)) {
        itemKinds.add(name.text);
        site(name.text, node);
      }
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [spec] = node.arguments;
      if (spec && ts.isStringLiteral(spec)) {
        const resolved = ts.resolveModuleName(spec.text, node.getSourceFile().fileName, prog.getCompilerOptions(), ts.sys).resolvedModule;
        const file = resolved && prog.getSourceFile(resolved.resolvedFileName);
        if (file && isOwnCode(file.fileName)) {
          load(file);
          for (const exported of checker.getExportsOfModule(checker.getSymbolAtLocation(file)!)) follow(exported);
        }
      }
    }
    if (ts.isIdentifier(node)) follow(checker.getSymbolAtLocation(node));
    ts.forEachChild(node, visit);
  };

  load(entryFile);
  // Lambda calls the handler the entry exports, and nothing else of it.
  const handler = checker.getExportsOfModule(checker.getSymbolAtLocation(entryFile)!).find((e) => e.name === 'handler');
  if (!handler) throw new Error(`${entry} exports no handler`);
  follow(handler);
  while (queue.length) {
    current = queue.shift()!;
    visit(current);
  }

  const actions = new Set<string>();
  for (const command of commands) for (const action of COMMAND_ACTIONS[command]) actions.add(action);
  if (commands.has('TransactWriteCommand') || commands.has('TransactWriteItemsCommand')) {
    for (const kind of itemKinds) actions.add(TRANSACT_ITEMS[kind]);
  }
  return {
    actions: [...actions].sort(),
    commands: [...commands].sort(),
    indexes: [...indexes].sort(),
    cutsFound: [...cutsFound].sort(),
    sites,
    paths,
  };
}
