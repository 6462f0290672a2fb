const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const copy = {
  confirm: {
    'zh-TW': {
      title: '要取消每日複習提醒嗎？',
      body: '按下下方按鈕後，您將不會再收到 Mnemo 的每日複習提醒信。之後可以登入在使用者選單的提醒設定中重新開啟。',
    },
    en: {
      title: 'Turn off daily review reminders?',
      body: "Press the button below and you won't get Mnemo's daily review reminder e-mails any more. You can turn them back on later from the reminder setting in the user menu.",
    },
  },
  done: {
    'zh-TW': {
      title: '已取消複習提醒',
      body: '您不會再收到 Mnemo 的每日複習提醒信。想重新開啟時，登入後在使用者選單的提醒設定中打開即可。',
    },
    en: {
      title: 'Review reminders turned off',
      body: "You won't get Mnemo's daily review reminder e-mails any more. To turn them back on, sign in and open the reminder setting in the user menu.",
    },
  },
  invalid: {
    'zh-TW': {
      title: '這個取消訂閱連結無效',
      body: '連結可能不完整或已被修改，您的設定沒有變更。請使用提醒信中的完整連結，或登入後在使用者選單中關閉提醒。',
    },
    en: {
      title: 'This unsubscribe link is not valid',
      body: 'The link may be incomplete or altered, and nothing was changed. Use the full link from a reminder e-mail, or sign in and turn reminders off in the user menu.',
    },
  },
} as const;

/**
 * The small page the unsubscribe link opens, in both languages (the link carries no language
 * and the reader may not be signed in): the question (with the button that POSTs the same
 * link: opening it changes nothing, so a mail scanner following links cannot unsubscribe
 * anyone, issue 19), turned off, or the link is not valid.
 */
export function unsubscribePage(kind: 'confirm' | 'done' | 'invalid', token = ''): string {
  const zh = copy[kind]['zh-TW'];
  const en = copy[kind].en;
  return `<!doctype html>
<html lang="zh-TW">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(zh.title)} · ${escape(en.title)} — Mnemo</title>
<style>
body{margin:0;font-family:-apple-system,'PingFang TC','Noto Sans TC','Microsoft JhengHei',sans-serif;color:#1f2937;background:#f6f7fb;line-height:1.6}
main{max-width:560px;margin:0 auto;padding:32px 16px}
section{background:#fff;border-radius:12px;padding:24px;margin:0 0 16px}
h1{font-size:1.25rem;margin:0 0 8px;color:#3730a3}
p{margin:0}
a{color:#3730a3;font-weight:600}
a:focus-visible,button:focus-visible{outline:3px solid #4f46e5;outline-offset:2px}
form{margin:0 0 16px}
button{font:inherit;font-weight:600;background:#4f46e5;color:#fff;border:0;border-radius:8px;padding:12px 20px;cursor:pointer}
</style>
</head>
<body>
<main>
<section lang="zh-TW"><h1>${escape(zh.title)}</h1><p>${escape(zh.body)}</p></section>
<section lang="en"><h1>${escape(en.title)}</h1><p>${escape(en.body)}</p></section>
${kind === 'confirm' ? confirmForm(token) : ''}<p><a href="/">回到 Mnemo · <span lang="en">Back to Mnemo</span></a></p>
</main>
</body>
</html>
`;
}

/** The button: a POST of the same link (token in the query, as the one-click header sends it). */
function confirmForm(token: string): string {
  const action = `?token=${encodeURIComponent(token)}`;
  return `<form method="post" action="${escape(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">取消提醒 · <span lang="en">Turn off reminders</span></button></form>
`;
}
