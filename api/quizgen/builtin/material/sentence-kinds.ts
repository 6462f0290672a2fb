/**
 * Sentences that are not study material inside otherwise good blocks: exercise instructions
 * ("Compute the proportion…", 「請說明…」), notes to the reader, and in talks and interviews the
 * host's chatter — greetings, thanks, introductions, logistics, wishes. A quiz never asks
 * about them (issue 16, item 12).
 */
export type SentenceKind = 'study' | 'exercise' | 'chatter' | 'note';

const EN_INSTRUCTION =
  /^(?:(?:Now |Next, |First, |Then )?(?:compute|calculate|describe|explain|determine|find|identify|write down|draw|sketch|prove|discuss|compare|fill in|circle|choose|select|rank|examine|try|imagine|think about|make sure|refer to|see|look at|recall|remember|verify|estimate|construct|interpret|summarize|evaluate|click|install|enter|download)\b)/i;
const EN_NOTE =
  /^(?:\(?(?:note|reminder|hint|tip|warning|caution|be careful|important|source|credit|photo|image|see also|n\.b\.)\b\s*[:.-])|\b(?:answers? (?:to|for) (?:all|the|odd|even)\b[^.]*\b(?:exercises?|practice|questions?)|guided practice|(?:in|see) the footnotes?|check your answers?|odd[- ]numbered exercises)\b/i;
const EN_CHATTER =
  /\b(?:thank(?:s| you)(?: (?:so|very) much)?(?: for (?:having|inviting|welcoming|joining|the question|coming|listening|watching)\b)?|(?:hello|hi|hey),? (?:everyone|everybody|all|there|folks)|good (?:morning|afternoon|evening|local time)|welcome (?:back|to|everyone|everybody)|(?:nice|glad|great|good) to (?:meet|see|be here|have you)|my name is|I(?:['’]| a)m (?:happy|glad|delighted|honou?red|excited|pleased) to (?:be|join|speak)|let me (?:introduce|start by thanking)|please (?:let us know|join me|welcome)|^(?:any|next) questions?|can you hear me|you(?:['’]| a)re on mute|see you (?:next|soon|later)|have a (?:good|great|nice) (?:day|one|evening)|(?:our|my) (?:guest|host) (?:today|tonight)|^I(?:['’]ll| will) (?:look|check|send|follow up|get back|ask|introduce|connect|share the link)|let me (?:know|check|look into)|get back to you|keep in touch|(?:this|today(?:['’]s)?|the) (?:episode|podcast|show)\b)\b/i;
/**
 * An exercise verb that is also a noun ("Use", "Test", "Check", "Set up", "Create"): an
 * instruction when an object follows at once ("Create a 90 percent confidence interval …",
 * "Check the conditions …", "Use the data to …"), not when a verb does ("Test results show …").
 */
const EN_INSTRUCTION_OBJECT =
  /^(?:(?:Now |Next, |First, |Then |Finally, |Also, )?(?:create|use|set up|check|conduct|perform|carry out|test|build|plot|make|give|list|state|show|suppose|assume|report|complete|answer|run|form|obtain|derive|apply|repeat|decide|justify|provide|label|match|name|define|read|watch|note|take|let|develop|design|produce|analy[sz]e|assess|describe|explain|compute|calculate|find|identify|estimate|construct|interpret|determine|verify|sketch|draw|compare|evaluate|summari[sz]e|write)(?:\s+and\s+(?:create|use|check|test|build|plot|make|give|list|state|show|report|interpret|compute|calculate|find|identify|estimate|construct|determine|verify|sketch|draw|compare|evaluate|describe|explain|summari[sz]e|write|run|form|obtain|derive|apply|justify|assess|analy[sz]e))?\s+(?:the|a|an|this|these|that|those|your|our|its|their|it|them|each|all|both|any|some))\b/i;
/** "Using these two numbers, compute …": an instruction (not "Using the model starts with …"). */
const EN_USING =
  /^Using\b[^,]{0,80},\s*(?:compute|calculate|find|determine|estimate|describe|explain|identify|write|draw|construct|verify|show|sketch|make)\b/i;
/** A reply that only agrees or hands over: "Yes.", "Sure. That's great.", "Right." */
const EN_BACKCHANNEL =
  /^(?:yes|yeah|yep|sure|right|okay|ok|exactly|indeed|great|wonderful|absolutely|of course|understood|certainly|well|so|uh|um|mm)\b[\s,.!]*(?:(?:that(?:'|’)s|it(?:'|’)s) (?:great|right|true|fine|wonderful|interesting)[.!]?)?$/i;

const ZH_INSTRUCTION =
  /^(?:請(?:問|說明|解釋|比較|列舉|計算|討論|回答|思考|寫出|試|依|根據|參考|閱讀|判斷)|試(?:述|說明|比較|列舉|計算|討論|問)|說明|計算|列舉|討論|思考|練習|下列何者|承上題|依據上文|根據上文)/;
const ZH_NOTE =
  /^(?:[（(]?(?:註|注|備註|附註|說明|提醒|小提醒|資料來源|圖片來源|來源|延伸閱讀)\s*[:：])/;
/**
 * A note about the document itself, anywhere in the sentence: an editing or transcript notice
 * (「此為逐字稿共筆頁面，…敬請直接點選…進行編修」), a request to the reader to click or edit.
 */
const ZH_META_NOTE =
  /^\P{L}*此為.{0,12}(?:逐字稿|共筆|頁面|紀錄)|(?:敬請|請)(?:直接)?(?:點選|點擊|編修|修改|留言|填寫)|(?:點選|點擊)[^，。]{0,20}(?:圖示|按鈕|連結)|共筆頁面/u;
const ZH_CHATTER =
  /謝謝|感謝|多謝|大家好|各位好|哈囉|嗨[，,！!]|歡迎(?:回到|來到|收聽|收看|大家|各位|您)|很高興(?:再次)?(?:回來|來到|見到|與你|跟你|跟大家|和大家|能夠|有機會)|我是.{1,40}?(?:主持人|記者|博士|教授|老師|研究員|製作人)|預祝|祝(?:大家|各位|福)|(?:很|非常|十分)(?:高興|榮幸|開心)|期待(?:大家|各位)|(?:這|本|上|下)一?集|節目|收聽|Podcast|掌聲|(?:請|讓我們)(?:大家|各位)|聽得到嗎|下一(?:題|位|個問題)|今天的(?:節目|來賓|講者)|(?:各位|大家)(?:來賓|朋友|先進|貴賓)/;
/**
 * Room logistics of a talk: where the speaker goes, videos to play, how to ask questions
 * (sli.do, 按讚), phones and connections, the running order and the minutes left.
 */
const ZH_LOGISTICS =
  /時間(?:跟|和|與)空間的結構|時間結構|讓出空間|(?:今天|待會|等一下)[^，。]{0,10}(?:的時間|的流程|的程序|的場地|的空間)|講桌|講台那邊|輸入\d+就|放(?:[一兩二三幾]部)?影片|影片(?:播|放)完|(?:提問|問問題)的方式|連不上|帶手機|按讚的數量|提早結束|(?:今天|等一下)(?:討論|進行)?的(?:程序|流程)|(?:接下來|等一下|待會)的?[^，。]{0,8}分鐘|投影片(?:切換|下一張)|麥克風|下一張(?:投影片)?|休息時間|(?:掃描|掃)(?:這個)?\s?QR/iu;
const EN_LOGISTICS =
  /\b(?:next slide|(?:share|see) (?:my|the|your) screen|(?:the|this|my) (?:microphone|mic)\b|unmute|in the chat\b|(?:coffee|lunch|short) break|(?:play|show) (?:you )?(?:a|the|this|two|three) (?:short )?(?:videos?|clips?)|(?:the|our) (?:Q&A|question and answer) (?:session|part|portion)|raise your hands?|scan the QR|wi-?fi password|(?:we have|there are) (?:about )?\w+ minutes (?:left|remaining))\b/i;

/** An address opening a sentence: 「政委、呂局長，…」. */
const ZH_ADDRESS =
  /^(?:[\p{Script=Han}]{1,4}(?:部長|次長|局長|署長|處長|政委|委員|理事長|理事|主席|主委|院長|市長|教授|老師|大使|博士|先生|女士|小姐|同學|主任|執行長)(?:\s*[(（][^)）]{0,12}[)）])?[、，,\s]*){1,5}[，,]/u;
const ZH_BACKCHANNEL =
  /^(?:是的|對|好|好的|沒錯|確實|當然|完全同意|的確|嗯|喔|哦|了解|瞭解|很好|太好了|非常好)[，,。！!]?$/;

/** The kind of one sentence (its text already without list markers and speaker labels). */
export function sentenceKind(text: string, language: 'zh' | 'en'): SentenceKind {
  const t = text.trim();
  if (language === 'en') {
    if (EN_NOTE.test(t)) return 'note';
    if (EN_CHATTER.test(t) || EN_BACKCHANNEL.test(t) || EN_LOGISTICS.test(t)) return 'chatter';
    if (EN_USING.test(t)) return 'exercise';
    if (EN_INSTRUCTION_OBJECT.test(t) && !/\?$/.test(t)) return 'exercise';
    if (EN_INSTRUCTION.test(t) && !/\?$/.test(t) && !/^\w+ (?:is|are|was|were)\b/i.test(t))
      return 'exercise';
    return 'study';
  }
  if (ZH_NOTE.test(t) || ZH_META_NOTE.test(t)) return 'note';
  if (ZH_CHATTER.test(t) || ZH_ADDRESS.test(t) || ZH_BACKCHANNEL.test(t) || ZH_LOGISTICS.test(t))
    return 'chatter';
  if (ZH_INSTRUCTION.test(t)) return 'exercise';
  return 'study';
}
