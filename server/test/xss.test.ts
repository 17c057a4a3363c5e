/**
 * XSS payloads stored through every rich-text field come back with nothing executable. The
 * stored HTML is parsed the way a browser does (jsdom) and every element and attribute checked.
 */
import { JSDOM } from 'jsdom';
import { sanitizeRichText } from '../src/lib/sanitize-html.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { expectContract } from './helpers/contract.js';

const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)" />',
  '<IMG SRC="javascript:alert(1);">',
  '<img src=JaVaScRiPt:alert(1)>',
  '<img src="jav&#x09;ascript:alert(1)">',
  '<img src="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">',
  '<img """><script>alert(1)</script>">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JAVASCRIPT:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="java\nscript:alert(1)">click</a>',
  '<a href="&#x6A;avascript:alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html,<script>alert(1)</script>">click</a>',
  '<a href="file:///etc/passwd">click</a>',
  '<a href="//evil.example">click</a>',
  '<a href="https://ok.example" onclick="alert(1)">click</a>',
  '<a href="https://ok.example" onmouseover=alert(1)>hover</a>',
  '<p onclick="alert(1)">para</p>',
  '<div onmouseenter="alert(1)">div</div>',
  '<body onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="javascript:alert(1)"></iframe>',
  '<iframe class="ql-video" src="https://www.youtube.com/embed/x"></iframe>',
  '<span class="ql-formula" data-value="\\href{javascript:alert(1)}{x}">x</span>',
  '<span class="ql-formula" data-value="e=mc^2"><span contenteditable="false"><span class="katex">e</span></span></span>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<style>@import "javascript:alert(1)";</style>',
  '<p style="background-image: url(javascript:alert(1))">bg</p>',
  '<p style="width: expression(alert(1))">expr</p>',
  '<p style="color: red; behavior: url(x.htc)">behav</p>',
  '<span style="color: rgb(1,2,3); position: fixed; top: 0; left: 0; width: 100%; height: 100%">overlay</span>',
  '<p style="-moz-binding: url(https://evil.example/x.xml#xss)">moz</p>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)<</script>/script>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<title><img src=x onerror=alert(1)></title>',
  '<a href="https://ok.example" target="_blank">no opener</a>',
  '<p class="ql-align-center ql-evil" data-x="1">classes</p>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<img src="https://ok.example/a.png" width="100" height="50" onload="alert(1)">',
  '<table><tr><td background="javascript:alert(1)">cell</td></tr></table>',
  '<div style="background:url(&#1;javascript:alert(1))">ent</div>',
  '<a href="tel:+15551234" onfocus="alert(1)" autofocus>tel</a>',
  '<isindex action="javascript:alert(1)" type=image>',
];

const ALLOWED_TAGS = new Set(
  'p h1 h2 h3 h4 h5 h6 blockquote pre div li ol ul a strong b em i u s strike sub sup code span br img'.split(
    ' ',
  ),
);
const ALLOWED_ATTRIBUTES = new Set([
  'href',
  'target',
  'rel',
  'src',
  'alt',
  'width',
  'height',
  'data-list',
  'data-language',
  'class',
  'style',
]);

const parser = new JSDOM('').window;

/** Every reason the HTML could run script or restyle the page; empty when it is safe. */
function executableParts(html: string): string[] {
  const problems: string[] = [];
  if (
    /<\s*\/?\s*(script|iframe|object|embed|svg|math|style|link|meta|base|form|input|body)\b/i.test(
      html,
    )
  ) {
    problems.push(`dangerous tag in ${html}`);
  }
  const document = new parser.DOMParser().parseFromString(
    `<!doctype html><body>${html}</body>`,
    'text/html',
  );
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    const tag = element.tagName.toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) problems.push(`tag <${tag}>`);
    for (const { name, value } of Array.from(element.attributes)) {
      if (!ALLOWED_ATTRIBUTES.has(name)) problems.push(`attribute ${name} on <${tag}>`);
      // eslint-disable-next-line no-control-regex
      const url = value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
      if (
        name === 'href' &&
        /^[a-z][a-z0-9+.-]*:/.test(url) &&
        !/^(https?|mailto|tel|sms):/.test(url)
      )
        problems.push(`href ${value}`);
      if (name === 'href' && url.startsWith('//')) problems.push(`protocol-relative href ${value}`);
      if (
        name === 'src' &&
        /^[a-z][a-z0-9+.-]*:/.test(url) &&
        !/^(https?:|data:image\/(png|jpeg);base64,)/.test(url)
      )
        problems.push(`src ${value}`);
      if (name === 'style' && /url\(|expression|binding|behavior|position|javascript/i.test(value))
        problems.push(`style ${value}`);
      if (
        name === 'class' &&
        value
          .split(/\s+/)
          .some((c) => c && !/^ql-(align|indent|direction|size|font|syntax|code-block)/.test(c))
      ) {
        problems.push(`class ${value}`);
      }
      if (name === 'target' && element.getAttribute('rel') !== 'noopener noreferrer')
        problems.push('target without rel');
    }
  }
  return problems;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Keeps some visible text around each payload, so no save is refused as blank. */
const wrap = (payload: string) => `<p>before</p>${payload}<p>after</p>`;

test('there are at least 50 payloads and the checker catches each one unsanitised', () => {
  expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50);
  const caught = XSS_PAYLOADS.filter((payload) => executableParts(payload).length > 0);
  // The only payloads that are harmless as written are the two links with a safe scheme and target.
  expect(XSS_PAYLOADS.length - caught.length).toBeLessThanOrEqual(2);
});

test.each(XSS_PAYLOADS.map((p, i) => [i, p]))(
  'the sanitiser neutralises payload %i',
  (_i, payload) => {
    expect(executableParts(sanitizeRichText(payload as string))).toEqual([]);
  },
);

test.each(XSS_PAYLOADS.map((p, i) => [i, p]))(
  'visible text after payload %i survives cleaning, even after a tag left open',
  (_i, payload) => {
    expect(sanitizeRichText(wrap(payload as string))).toContain('<p>after</p>');
  },
);

test('an unclosed style, script, textarea, option or xmp keeps the text after it', () => {
  for (const tag of ['style', 'script', 'textarea', 'option', 'xmp', 'STYLE'])
    expect(sanitizeRichText(`<p>before</p><${tag}><img src=x onerror=alert(1)><p>after</p>`)).toBe(
      `<p>before</p>&lt;${tag}&gt;<img src="x" /><p>after</p>`,
    );
  // A closed one still takes its content with it.
  expect(sanitizeRichText('<p>a</p><style>p{}</style><p>after</p>')).toBe('<p>a</p><p>after</p>');
});

test('payloads created through the list screen come back clean', async () => {
  for (const [i, payload] of XSS_PAYLOADS.entries()) {
    const res = await t.as({
      method: 'POST',
      url: '/api/v1/static',
      payload: { title: `XSS create ${i}`, content: wrap(payload) },
    });
    const body = await expectContract(res, 'createStaticContent', 201);
    const read = await expectContract(
      await t.as({ method: 'GET', url: `/api/v1/static?slug=${body.data.slug}` }),
      'listStaticContent',
      200,
    );
    expect({ i, problems: executableParts(read.data[0].content) }).toEqual({ i, problems: [] });
    expect(read.data[0].content).toContain('before');
  }
}, 240_000);

test('payloads saved through edits, the editor pages and the legacy update come back clean', async () => {
  const created = await expectContract(
    await t.as({
      method: 'POST',
      url: '/api/v1/static',
      payload: { title: 'XSS edit target', content: '<p>x</p>' },
    }),
    'createStaticContent',
    201,
  );
  for (const [i, payload] of XSS_PAYLOADS.entries()) {
    const slug = ['privacy-policy', 'terms-and-conditions', 'about-us', 'xss-edit-target'][i % 4];
    const saved = await expectContract(
      await t.as({
        method: 'PUT',
        url: `/api/v1/static?slug=${slug}`,
        payload: { title: `XSS ${slug}`, content: wrap(payload), status: 'draft' },
      }),
      'updateStaticContent',
      200,
    );
    expect({ i, problems: executableParts(saved.data.content) }).toEqual({ i, problems: [] });
    const legacy = await expectContract(
      await t.as({
        method: 'PUT',
        url: `/api/v1/static-content/${created.data._id}`,
        payload: { content: wrap(payload) },
      }),
      'updateStaticContentLegacy',
      200,
    );
    expect({ i, problems: executableParts(legacy.data.content) }).toEqual({ i, problems: [] });
  }
  const read = await expectContract(
    await t.as({ method: 'GET', url: '/api/v1/static?limit=100' }),
    'listStaticContent',
    200,
  );
  for (const row of read.data) expect(executableParts(row.content)).toEqual([]);
}, 240_000);

test('payloads in FAQ questions and answers are plain text: they come back exactly as typed', async () => {
  const faqs = XSS_PAYLOADS.map((payload, i) => ({
    question: `Q${i} ${payload}`,
    answer: `A${i} ${payload}`,
  }));
  const saved = await expectContract(
    await t.as({
      method: 'PUT',
      url: '/api/v1/static?slug=frequently-asked-questions',
      payload: { title: 'FAQs', content: 'FAQ content', status: 'draft', faqs },
    }),
    'updateStaticContent',
    200,
  );
  expect(saved.data.faqs).toHaveLength(XSS_PAYLOADS.length);
  const read = await expectContract(
    await t.as({ method: 'GET', url: '/api/v1/static?slug=frequently-asked-questions' }),
    'listStaticContent',
    200,
  );
  // Never HTML: the screens show this text as text (React escapes it), so it cannot run.
  expect(
    read.data[0].faqs.map(({ question, answer }: { question: string; answer: string }) => ({
      question,
      answer,
    })),
  ).toEqual(faqs);
}, 120_000);
