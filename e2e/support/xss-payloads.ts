/**
 * Sixty script-injection payloads of the kinds the OWASP XSS filter-evasion cheat sheet lists
 * (script tags, event handlers, `javascript:` and `data:` addresses however encoded, SVG and
 * MathML, style and CSS expressions, frames, forms, meta refresh, template and comment mutation
 * forms, attribute break-outs, unclosed and nested tags). Each one, if it ran, would call
 * `window.__xss(<its number>)` or open a dialog — which the journeys watch for.
 */
const mark = (n: number) => `window.__xss&&window.__xss(${n})`;

const MAKERS: ((n: number) => string)[] = [
  (n) => `<script>${mark(n)}</script>`,
  (n) => `<SCRIPT SRC=data:text/javascript,${encodeURIComponent(mark(n))}></SCRIPT>`,
  (n) => `<img src=x onerror="${mark(n)}">`,
  (n) => `<IMG SRC="javascript:${mark(n)};">`,
  (n) => `<IMG SRC=JaVaScRiPt:${mark(n)}>`,
  (n) => `<img src=\`javascript:${mark(n)}\`>`,
  (n) => `<a href="javascript:${mark(n)}">click</a>`,
  (n) => `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${mark(n)}">entities</a>`,
  (n) => `<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;${mark(n)}">hex</a>`,
  (n) => `<a href="jav&#x09;ascript:${mark(n)}">tab</a>`,
  (n) => `<a href="jav&#x0A;ascript:${mark(n)}">newline</a>`,
  (n) => `<a href=" &#14;  javascript:${mark(n)}">space</a>`,
  (n) => `<a href="data:text/html;base64,${Buffer.from(`<script>${mark(n)}</script>`).toString('base64')}">data</a>`,
  (n) => `<a href="vbscript:msgbox(${n})">vb</a>`,
  (n) => `<a href="//evil.example/${n}" onclick="${mark(n)}">proto-relative</a>`,
  (n) => `<svg onload="${mark(n)}"></svg>`,
  (n) => `<svg><script>${mark(n)}</script></svg>`,
  (n) => `<svg><a xlink:href="javascript:${mark(n)}"><text x="20" y="20">svg</text></a></svg>`,
  (n) => `<math><mtext><table><mglyph><style><img src=x onerror="${mark(n)}"></style></mglyph></table></mtext></math>`,
  (n) => `<body onload="${mark(n)}">`,
  (n) => `<iframe src="javascript:${mark(n)}"></iframe>`,
  (n) => `<iframe srcdoc="<script>parent.${mark(n)}</script>"></iframe>`,
  (n) => `<object data="javascript:${mark(n)}"></object>`,
  (n) => `<embed src="data:text/html,<script>${mark(n)}</script>">`,
  (n) => `<form action="javascript:${mark(n)}"><button>go</button></form>`,
  (n) => `<button formaction="javascript:${mark(n)}">go</button>`,
  (n) => `<input autofocus onfocus="${mark(n)}">`,
  (n) => `<select autofocus onfocus="${mark(n)}"></select>`,
  (n) => `<textarea autofocus onfocus="${mark(n)}"></textarea>`,
  (n) => `<details open ontoggle="${mark(n)}"><summary>x</summary></details>`,
  (n) => `<video><source onerror="${mark(n)}"></video>`,
  (n) => `<audio src=x onerror="${mark(n)}"></audio>`,
  (n) => `<marquee onstart="${mark(n)}">m</marquee>`,
  (n) => `<div style="background:url(javascript:${mark(n)})">css</div>`,
  (n) => `<div style="width:expression(${mark(n)})">expr</div>`,
  (n) => `<style>@import 'javascript:${mark(n)}';</style>`,
  (n) => `<link rel="stylesheet" href="javascript:${mark(n)}">`,
  (n) => `<meta http-equiv="refresh" content="0;url=javascript:${mark(n)}">`,
  (n) => `<base href="javascript:${mark(n)}//">`,
  (n) => `<p title="</p><img src=x onerror=${mark(n)}>">attribute</p>`,
  (n) => `<p id="x" onmouseover="${mark(n)}">hover</p>`,
  (n) => `"><script>${mark(n)}</script>`,
  (n) => `'><img src=x onerror=${mark(n)}>`,
  (n) => `</textarea><script>${mark(n)}</script>`,
  (n) => `</title><script>${mark(n)}</script>`,
  (n) => `<!--<img src="--><img src=x onerror=${mark(n)}//">`,
  (n) => `<noscript><p title="</noscript><img src=x onerror=${mark(n)}>"></noscript>`,
  (n) => `<template><script>${mark(n)}</script></template>`,
  (n) => `<xmp><p title="</xmp><img src=x onerror=${mark(n)}>"></xmp>`,
  (n) => `<scr<script>ipt>${mark(n)}</scr</script>ipt>`,
  (n) => `<<script>script>${mark(n)}//<</script>/script>`,
  (n) => `<img """><script>${mark(n)}</script>">`,
  (n) => `<img src=x onerror=&#x77;indow.__xss&#x28;${n}&#x29;>`,
  (n) => `<img src=x:alert(alt) onerror=eval(src) alt=${n}>`,
  (n) => `<a href="https://example.com/${n}" target="_blank" onclick="${mark(n)}" style="position:fixed;inset:0">cover</a>`,
  (n) => `<a href="https://example.com/${n}"><img src=x onerror="${mark(n)}"></a>`,
  (n) => `<blockquote cite="javascript:${mark(n)}" onclick="${mark(n)}">quote</blockquote>`,
  (n) => `<ul><li onclick="${mark(n)}">item</li></ul><ol><li><script>${mark(n)}</script></li></ol>`,
  (n) => `<strong onmouseover="${mark(n)}">bold</strong><em onfocus="${mark(n)}" tabindex=0>em</em>`,
  (n) => `\u003cimg src=x onerror=${mark(n)}\u003e &lt;script&gt;${mark(n)}&lt;/script&gt;`,
];

export const XSS_PAYLOADS: readonly string[] = MAKERS.map((make, index) => make(index + 1));

if (XSS_PAYLOADS.length !== 60) throw new Error(`expected 60 payloads, have ${XSS_PAYLOADS.length}`);
