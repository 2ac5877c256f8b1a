import {
  auditActionLabels,
  auditDetailFields,
  auditListQuerySchema,
  auditResourceLabels,
  describeAuditDetails,
} from '@ecolage/contracts';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Walks every audit write of the server's source to list the keys its details may hold and the
 * resource types it names: the journal must have words for each (`auditDetailFields`,
 * `auditResourceLabels`), in French and English, so that no stored key or code reaches a reader.
 *
 * What counts as an audit write's details: the value of a `details:` property; the argument a
 * function passes on as its `details` or `filters` parameter to an audit write (the modules'
 * `auditStudent`, `journalExport`…); the objects built in an `audited…` function (the exports'
 * filters); and, within those, spread objects, objects returned by a spread call of the same file,
 * and nested objects.
 */
const SOURCE = path.resolve(import.meta.dirname, '../..');
const AUDIT_WRITE = /\b(recordAuditEntr(y|ies)|insertAuditEntr(y|ies))\(/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'test' ? [] : sourceFiles(file);
    return file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
  });
}

type FunctionLike = ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression;

interface Helper {
  /** Which arguments hold details (`details`, `filters`) or a resource type. */
  detailArgs: number[];
  resourceArg: number;
  actionArg: number;
}

function functionsOf(file: ts.SourceFile): Map<string, FunctionLike> {
  const functions = new Map<string, FunctionLike>();
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name) functions.set(node.name.text, node);
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    ) {
      functions.set(node.name.text, node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return functions;
}

function walkAuditWrites() {
  const files = sourceFiles(SOURCE).map((file) =>
    ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true),
  );
  const functions = new Map(files.map((file) => [file, functionsOf(file)]));
  // `import { auditSettingsChange as audit }`: the local name of a helper.
  const aliases = new Map<string, string>();
  for (const file of files) {
    file.forEachChild(function imports(node): void {
      if (ts.isImportSpecifier(node) && node.propertyName) {
        aliases.set(`${file.fileName}:${node.name.text}`, node.propertyName.getText());
      } else node.forEachChild(imports);
    });
  }
  // Helpers: functions that write the journal and take the details (or a resource type) along.
  const helpers = new Map<string, Helper>();
  for (const file of files) {
    for (const [name, fn] of functions.get(file)!) {
      if (!AUDIT_WRITE.test(fn.getText())) continue;
      const names = fn.parameters.map((parameter) => parameter.name.getText());
      const detailArgs = names.flatMap((param, index) =>
        param === 'details' || param === 'filters' ? [index] : [],
      );
      const resourceArg = names.indexOf('resourceType');
      const actionArg = names.indexOf('action');
      if (detailArgs.length === 0 && resourceArg < 0 && actionArg < 0) continue;
      // Known in its own file by its name; elsewhere by the name it is exported (and imported) as.
      helpers.set(`${file.fileName}:${name}`, { detailArgs, resourceArg, actionArg });
      helpers.set(name, { detailArgs, resourceArg, actionArg });
    }
  }

  const keys = new Map<string, string>();
  const resourceTypes = new Map<string, string>();
  const actions = new Map<string, string>();
  const where = (node: ts.Node) => {
    const file = node.getSourceFile();
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    return `${path.relative(SOURCE, file.fileName)}:${line + 1}`;
  };

  const collect = (expression: ts.Expression | undefined): void => {
    if (!expression) return;
    if (ts.isParenthesizedExpression(expression)) return collect(expression.expression);
    if (ts.isConditionalExpression(expression)) {
      collect(expression.whenTrue);
      collect(expression.whenFalse);
      return;
    }
    if (ts.isCallExpression(expression) && ts.isIdentifier(expression.expression)) {
      // `...levelDetails(request)`: the objects its function returns.
      const fn = functions.get(expression.getSourceFile())!.get(expression.expression.text);
      fn?.forEachChild(function returns(node): void {
        if (ts.isReturnStatement(node)) collect(node.expression);
        else if (!ts.isFunctionLike(node)) node.forEachChild(returns);
      });
      if (fn && ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) collect(fn.body);
      return;
    }
    if (!ts.isObjectLiteralExpression(expression)) return;
    for (const property of expression.properties) {
      if (ts.isSpreadAssignment(property)) {
        collect(property.expression);
        continue;
      }
      if (!property.name) continue;
      const key =
        ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)
          ? property.name.text
          : property.name.getText();
      if (!keys.has(key)) keys.set(key, where(property));
      if (ts.isPropertyAssignment(property)) collect(property.initializer);
    }
  };

  /** The string literals an expression may be (`a ? 'x.y' : 'x.z'`). */
  const literals = (expression: ts.Expression | undefined): ts.StringLiteral[] => {
    if (!expression) return [];
    if (ts.isStringLiteral(expression)) return [expression];
    if (ts.isParenthesizedExpression(expression)) return literals(expression.expression);
    if (ts.isConditionalExpression(expression)) {
      return [...literals(expression.whenTrue), ...literals(expression.whenFalse)];
    }
    return [];
  };
  const resource = (expression: ts.Expression | undefined) => {
    for (const literal of literals(expression)) resourceTypes.set(literal.text, where(literal));
  };
  const action = (expression: ts.Expression | undefined) => {
    for (const literal of literals(expression)) {
      if (/^[a-z_]+\.[a-z_]+$/.test(literal.text)) actions.set(literal.text, where(literal));
    }
  };

  for (const file of files) {
    const visit = (node: ts.Node) => {
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name)) {
        if (node.name.text === 'details') collect(node.initializer);
        if (node.name.text === 'resourceType') resource(node.initializer);
        if (node.name.text === 'action') action(node.initializer);
      }
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const called = node.expression.text;
        const local = `${file.fileName}:${called}`;
        const helper =
          helpers.get(local) ?? helpers.get(aliases.get(local) ?? '') ?? helpers.get(called);
        helper?.detailArgs.forEach((index) => collect(node.arguments[index]));
        if (helper && helper.resourceArg >= 0) resource(node.arguments[helper.resourceArg]);
        if (helper && helper.actionArg >= 0) action(node.arguments[helper.actionArg]);
      }
      const name =
        (ts.isFunctionDeclaration(node) || ts.isVariableDeclaration(node)) && node.name
          ? node.name.getText()
          : '';
      if (/^audited[A-Z]/.test(name)) {
        node.forEachChild(function objects(child): void {
          if (ts.isObjectLiteralExpression(child)) collect(child);
          else child.forEachChild(objects);
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  // The journal's own export keeps the screen's filters under their query names.
  for (const key of Object.keys(auditListQuerySchema.shape)) {
    if (key !== 'page' && key !== 'pageSize') keys.set(key, 'audit-journal.service.ts');
  }
  return { keys, resourceTypes, actions };
}

describe('the journal names every key and code the server writes', () => {
  const { keys, resourceTypes, actions } = walkAuditWrites();

  it('finds the audit writes of every module', () => {
    // The walk itself: keys of the cash desk, the payments, a helper's caller, a spread call.
    for (const key of ['cashTaken', 'wallet', 'lien', 'statut avant', 'mensualité', 'recherche']) {
      expect(keys.has(key), key).toBe(true);
    }
    expect(keys.size).toBeGreaterThan(100);
    expect(resourceTypes.has('cash_session')).toBe(true);
  });

  it('has French and English words for every detail key', () => {
    const unnamed = [...keys].filter(([key]) => !auditDetailFields[key]).map(String);
    expect(unnamed).toEqual([]);
    for (const [key, definition] of Object.entries(auditDetailFields)) {
      expect(definition.fr.trim(), key).not.toBe('');
      expect(definition.en.trim(), key).not.toBe('');
    }
  });

  it('has words for every action (the web app has its own, checked against these)', () => {
    expect(actions.has('cash_session.closed')).toBe(true);
    const unnamed = [...actions].filter(([code]) => !auditActionLabels[code]).map(String);
    expect(unnamed).toEqual([]);
  });

  it('has words for every resource type', () => {
    const unnamed = [...resourceTypes].filter(([type]) => !auditResourceLabels[type]).map(String);
    expect(unnamed).toEqual([]);
  });

  it('reads stored keys and codes as words, in French and in English', () => {
    const details = {
      lien: 'mother',
      statut: 'active',
      cashTaken: 50_000,
      wallet: 'MOOV_TG',
      téléphone: '+22891110866',
      photo: true,
      avant: { nom: 'Caissier', permissions: ['operate:cash_desk'] },
      échéance: '2026-11-05',
    };
    const french = describeAuditDetails(details, { language: 'fr' }).map(
      (line) => `${line.label} : ${line.text}`,
    );
    expect(french).toEqual([
      'Lien : Mère',
      'Statut : Actif',
      'Espèces encaissées : 50\u202F000\u00A0FCFA',
      'Moyen de paiement : Moov Flooz',
      'Téléphone : +228 91 11 08 66',
      'Photo : Oui',
      'Avant : Nom : Caissier ; Permissions : Tenir une caisse (ouverture, encaissements, clôture)',
      'Échéance : 5 nov. 2026',
    ]);
    const english = describeAuditDetails(details, { language: 'en' }).map((line) => line.text);
    expect(english.slice(0, 3)).toEqual(['Mother', 'Active', '50,000\u00A0FCFA']);
  });
});
