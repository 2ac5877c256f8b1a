// WhatsApp template messages (messaging.md §5.2): the request's components read, the NAMED body
// parameters checked against an approved template (132000 when they do not match, 132001 when the
// template does not exist in that language), and the text the phone shows rendered with them.
import type { SandboxConfig, WhatsAppTemplateDefinition } from './config';
import type { WhatsAppTemplateSent } from './messages';

interface Parameter {
  type?: string;
  parameter_name?: string;
  text?: string;
}
interface Component {
  type?: string;
  sub_type?: string;
  index?: string | number;
  parameters?: Parameter[];
}
export interface TemplateRequest {
  name?: unknown;
  language?: { code?: unknown };
  components?: unknown;
}

export type TemplateOutcome =
  | { ok: true; template: WhatsAppTemplateSent; text: string }
  | { ok: false; code: 132000 | 132001 | 100; message: string; details: string };

const PLACEHOLDER = /\{\{\s*([a-z0-9_]+)\s*\}\}/g;

function placeholders(body: string): string[] {
  return [...new Set([...body.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

function mismatch(details: string): TemplateOutcome {
  return {
    ok: false,
    code: 132000,
    message: '(#132000) Number of parameters does not match the expected number of params',
    details,
  };
}

/** The button's address: `{{origin}}` is the product's origin, `{{1}}` the request's parameter. */
function buttonUrl(pattern: string, suffix: string, origin: string | null): string | null {
  if (/^https?:\/\//.test(suffix)) return suffix;
  if (pattern.includes('{{origin}}') && origin === null) return null;
  return pattern.replace('{{origin}}', origin ?? '').replace('{{1}}', encodeURIComponent(suffix));
}

/**
 * Reads a template request. `origin` is the product's (from its webhook URL), where the sandbox
 * points a button whose parameter is a short-link code.
 */
export function readTemplate(
  request: TemplateRequest | undefined,
  config: SandboxConfig['whatsapp'],
  origin: string | null,
): TemplateOutcome {
  const name = request?.name;
  const language = request?.language?.code;
  if (typeof name !== 'string' || !/^[a-z0-9_]{1,512}$/.test(name)) {
    return {
      ok: false,
      code: 100,
      message: '(#100) Invalid parameter',
      details: 'template.name: lowercase letters, digits and underscores',
    };
  }
  if (typeof language !== 'string' || language === '') {
    return {
      ok: false,
      code: 100,
      message: '(#100) The parameter template.language.code is required.',
      details: 'template.language.code is required',
    };
  }
  const components = (Array.isArray(request?.components) ? request.components : []) as Component[];
  const bodyParameters = components
    .filter((component) => component?.type === 'body')
    .flatMap((component) => component.parameters ?? []);
  const button = components.find(
    (component) => component?.type === 'button' && component.sub_type === 'url',
  );
  const buttonText = button?.parameters?.[0]?.text;
  const params: Record<string, string> = {};
  bodyParameters.forEach((parameter, index) => {
    params[parameter.parameter_name ?? String(index + 1)] = String(parameter.text ?? '');
  });
  const definition: WhatsAppTemplateDefinition | undefined = Object.hasOwn(config.templates, name)
    ? config.templates[name]
    : undefined;
  if (!definition || definition.language !== language) {
    if (definition || config.strictTemplates) {
      return {
        ok: false,
        code: 132001,
        message: '(#132001) Template name does not exist in the translation',
        details: `template name (${name}) does not exist in ${language}`,
      };
    }
    // A template the sandbox does not know: accepted as is, its parameters shown one per line.
    if (bodyParameters.some((parameter) => parameter.parameter_name === undefined)) {
      return mismatch('body: a NAMED template takes parameter_name on every parameter');
    }
    // A single parameter (a whole text wrapped in a template) reads alone.
    const entries = Object.entries(params);
    const text =
      entries.length === 1
        ? entries[0]![1]
        : entries.map(([key, value]) => `${key} : ${value}`).join('\n');
    const url =
      buttonText === undefined ? undefined : buttonUrl('{{origin}}/s/{{1}}', buttonText, origin);
    return {
      ok: true,
      text,
      template: {
        name,
        language,
        params,
        ...(url === undefined ? {} : { button: { text: 'Payer', url } }),
      },
    };
  }
  const expected = placeholders(definition.body).sort();
  const received = Object.keys(params).sort();
  if (expected.join(',') !== received.join(',')) {
    return mismatch(
      `body: number of localizable_params (${received.length}) does not match the expected number of params (${expected.length}); expected parameter_name ${expected.join(', ') || '(none)'}`,
    );
  }
  if (definition.button && buttonText === undefined) {
    return mismatch(
      'button: number of localizable_params (0) does not match the expected number of params (1)',
    );
  }
  const text = definition.body.replace(PLACEHOLDER, (_all, key: string) => params[key] ?? '');
  return {
    ok: true,
    text,
    template: {
      name,
      language,
      params,
      ...(definition.button && buttonText !== undefined
        ? {
            button: {
              text: definition.button.text,
              url: buttonUrl(definition.button.url, buttonText, origin),
            },
          }
        : {}),
    },
  };
}
