import { describe, expect, it } from 'vitest';
import { plainTextOf, sanitizeRichText } from './rich-text';

/** OWASP XSS filter evasion cheat-sheet style inputs, and mutation-XSS forms. */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<script>alert(String.fromCharCode(88,83,83))</script>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=javascript:alert(\'XSS\')>',
  '<IMG SRC=JaVaScRiPt:alert(\'XSS\')>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<a onmouseover="alert(document.cookie)">xxs link</a>',
  '<a onmouseover=alert(document.cookie)>xxs link</a>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>',
  '<a href="jav\tascript:alert(1);">x</a>',
  '<a href="jav&#x09;ascript:alert(1);">x</a>',
  '<a href="jav&#x0A;ascript:alert(1);">x</a>',
  '<a href=" &#14;  javascript:alert(1);">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="DATA:text/html,<script>alert(1)</script>">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="//evil.example/x">protocol relative</a>',
  '<a href="https://ok.example" onclick="alert(1)" target="_blank" style="color:red">ok</a>',
  '<a href="https://ok.example" rel="opener">ok</a>',
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math href="javascript:alert(1)">click</math>',
  '<BODY ONLOAD=alert(\'XSS\')>',
  '<BODY BACKGROUND="javascript:alert(\'XSS\')">',
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  '<p style="background-image:url(javascript:alert(1))">styled</p>',
  '<DIV STYLE="width: expression(alert(\'XSS\'));">x</DIV>',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<FRAMESET><FRAME SRC="javascript:alert(\'XSS\');"></FRAMESET>',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
  '<OBJECT TYPE="text/x-scriptlet" DATA="https://xss.example/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv" AllowScriptAccess="always"></EMBED>',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<<SCRIPT>alert("XSS");//<</SCRIPT>',
  '<SCRIPT/XSS SRC="https://xss.example/xss.js"></SCRIPT>',
  '<SCRIPT/SRC="https://xss.example/xss.js"></SCRIPT>',
  '<IMG SRC="jav&#x0D;ascript:alert(\'XSS\');">',
  '<SCRIPT a=">" SRC="https://xss.example/xss.js"></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<p><b>unclosed <i>tags <a href="https://ok.example">link',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><img src=x onerror=alert(1)></template>',
  '<xmp><p title="</xmp><img src=x onerror=alert(1)>">',
  '<textarea><p title="</textarea><img src=x onerror=alert(1)>">',
  '<style><style/><img src=x onerror=alert(1)>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<p id="</p><script>alert(1)</script>">x</p>',
  '<a href="https://ok.example/"onmouseover="alert(1)">x</a>',
  '"><script>alert(1)</script>',
  '\'><img src=x onerror=alert(1)>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '<a href="https://ok.example/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</a>',
  '<blockquote cite="javascript:alert(1)">q</blockquote>',
  '<ol start="1" onmouseover="alert(1)"><li value="2" onclick="alert(1)">x</li></ol>',
  '<isindex type=image src=1 onerror=alert(1)>',
  '<object data="javascript:alert(1)">',
  '<x onclick=alert(1)>click',
  '<a href="javascript:alert(1)">one</a> <a href="https://ok.example">two</a><a href="data:x">three</a></p><p>after',
  '<p><a href="vbscript:x"><b>bold link</b></a><a href="https://ok.example"><i>ok</i></a></p>',
];

const ALLOWED = new Set(['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'blockquote', 'a']);

/** Every tag in `html` with its attributes, read leniently (as a browser would tokenise start tags). */
function tagsOf(html: string): { name: string; attributes: string }[] {
  return [...html.matchAll(/<\/?([a-zA-Z][^\s/>]*)([^>]*)>/g)].map((match) => ({ name: match[1]!.toLowerCase(), attributes: match[2]!.trim() }));
}

function expectHarmless(output: string): void {
  for (const tag of tagsOf(output)) {
    expect(ALLOWED.has(tag.name), `tag <${tag.name}> in ${output}`).toBe(true);
    if (tag.name === 'a' && tag.attributes !== '' && !tag.attributes.startsWith('/')) {
      expect(tag.attributes).toMatch(/^href="https?:\/\/[^"]*" rel="nofollow ugc noopener"$/);
    } else if (tag.attributes !== '' && tag.attributes !== '/') {
      throw new Error(`attributes on <${tag.name}>: ${tag.attributes}`);
    }
  }
  // every element closes as what it opened (no tag of one kind closed as another)
  const opened = new Map<string, number>();
  for (const match of output.matchAll(/<(\/?)([a-z]+)[^>]*?(\/?)>/g)) {
    if (match[3] === '/' || match[2] === 'br') continue;
    opened.set(match[2]!, (opened.get(match[2]!) ?? 0) + (match[1] === '/' ? -1 : 1));
  }
  for (const [name, balance] of opened) expect(balance, `<${name}> balance in ${output}`).toBe(0);
  // no markup hides outside a tag: every < left is escaped text
  expect(output.replace(/<\/?([a-z]+)(\s[^>]*)?>/g, '')).not.toMatch(/[<>]/);
  expect(output).not.toMatch(/javascript:|vbscript:|data:|on[a-z]+=|style=|srcdoc|<script|<svg|<iframe|<img|<math/i);
  // stable: sanitising the output again changes nothing (no mutation between two parses)
  expect(sanitizeRichText(output)).toBe(output);
}

describe('the community rich text', () => {
  it(`leaves nothing executable in ${PAYLOADS.length} XSS payloads`, () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(60);
    for (const payload of PAYLOADS) expectHarmless(sanitizeRichText(payload));
  });

  it('keeps the allowed formatting, and links only to http(s) with rel and without target', () => {
    const html =
      '<p>Derbi <b>bugün</b> <i>akşam</i><br>saat 20.00</p><ul><li>bir</li></ul><ol><li>iki</li></ol><blockquote>alıntı</blockquote>' +
      '<p><a href="https://tribun.example/maç?id=1" target="_blank">bağlantı</a> <a href="javascript:alert(1)">kötü</a></p>';
    expect(sanitizeRichText(html)).toBe(
      '<p>Derbi <strong>bugün</strong> <em>akşam</em><br />saat 20.00</p><ul><li>bir</li></ul><ol><li>iki</li></ol><blockquote>alıntı</blockquote>' +
        '<p><a href="https://tribun.example/ma%C3%A7?id=1" rel="nofollow ugc noopener">bağlantı</a> kötü</p>',
    );
    expect(sanitizeRichText('<script>alert(1)</script><p>kept</p>')).toBe('<p>kept</p>');
    // a refused link before an allowed one: the second still closes as a link
    expect(sanitizeRichText('<p><a href="javascript:x">a</a> <a href="https://ok.example/">b</a></p>')).toBe(
      '<p>a <a href="https://ok.example/" rel="nofollow ugc noopener">b</a></p>',
    );
  });

  it('turns plain text into escaped text, and reads the words back without markup', () => {
    expect(sanitizeRichText('1 < 2 & "3"')).toBe('1 &lt; 2 &amp; "3"');
    expect(plainTextOf(sanitizeRichText('<p>Gol!</p><p>İkinci <b>yarı</b></p><ul><li>a</li><li>b</li></ul>'))).toBe('Gol!\nİkinci yarı\na\nb');
    expect(plainTextOf(sanitizeRichText('1 < 2 &amp; 3'))).toBe('1 < 2 & 3');
  });
});
