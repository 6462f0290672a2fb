/** Function words that are never a blank, a keyphrase boundary word or a distractor. */

export const EN_STOPWORDS = new Set(
  `a about above across after again against all almost alone along already also although always am
among an and another any anybody anyone anything anyway anywhere are around as at back be became
because become becomes been before behind being below between both but by can cannot could did
do does doing done down during each either else enough even ever every everyone everything
few first for from further get gets given go goes had has have having he her here hers herself
him himself his how however i if in into is it its itself just last least less let like made
make many may me might more most mostly much must my myself neither never nevertheless next no
nobody none nor not nothing now of off often on once one only onto or other others otherwise our
ours ourselves out over own per perhaps rather really same several shall she should since so
some somehow someone something sometimes still such than that the their theirs them themselves
then there therefore these they this those though through thus to together too toward towards
under until up upon us very via was we well were what whatever when where whether which while
who whom whose why will with within without would yet you your yours yourself e.g i.e etc also
instead whereas can't won't don't doesn't isn't aren't it's that's there's
new way ways thing things lot lots kind kinds part parts example examples instance instances
say says said use used uses using based according including include includes
`.split(/\s+/),
);

/** Common English verbs: they end a noun phrase, they are not a term. */
export const EN_VERBS = new Set(
  `accept accompanies add adapt addresses adjust adopt allow allows apply argue ask avoid begin
believe bring build call called carry cause change choose claim come comes consider contain
continue convert converted covering create decide deliver deploy describe determine determines
develop discuss dying eliminate eliminates ensure enter explain explains exploit face facing
fall feel find fit follow followed found generate give grow handle happen help hold imply
implement improve increase indicate inputting interact interacting involve keep know lead leave
leaving leverage look lose mean means meet modify move need offer open possess produce produces
prompt prompted provide put reach read realize receive reduce reduced relying remain release
released remove replace report represent require respond return run runs saw see seem send serve
set shift shifting show sidestep signal signals start starts stay suggest suggests take tell
think tied try turn understand want weigh weighing work working write accelerating accompanies
committed launched tend tends appear appears happen happens belong belongs differ differs
depend depends occur occurs seem seems`.split(/\s+/),
);

/** Chinese function words, pronouns and vague nouns (checked on the Traditional text). */
export const ZH_STOPWORDS = new Set(
  `的 了 和 與 及 或 而 也 都 就 在 是 有 為 被 把 將 對 於 從 向 以 之 其 此 這 那 這個 那個 這些 那些
我 你 他 她 它 我們 你們 他們 她們 它們 自己 本 該 各 每 某 任何 所有 一切 其他 其它 另
一 一個 一種 一些 些 個 種 等 等等 方面 方式 部分 情況 問題 時候 時 後 前 中 內 外 上 下 裡 間
可以 可能 能 能夠 會 應 應該 應當 須 必須 得 不 沒有 無 非 並 並且 但 但是 然而 因為 所以 因此 如果 如 若
即 即使 雖然 以及 還 又 再 更 最 很 非常 已經 已 正在 正 曾 才 只 只有 僅 尚 仍 卻 則 乃 亦 且 等人
什麼 怎麼 如何 為何 哪 哪些 誰 多少 例如 比如 像 包括 包含 透過 通過 經由 根據 依照 按照 關於 對於
這樣 那樣 如此 同時 之後 之前 以上 以下 其中 之中 一樣 上述 下列 前述 本條 本款 規定 所 者 之一
有關 相關 錯誤 正確 何者 敘述 說明 請 問題 題目 答案 選項 原因 結果 目的 狀況 情形 理由`.split(
    /\s+/,
  ),
);

/**
 * Chinese words too general to be worth a blank or an option: people in general, discourse
 * and time words, "thing", "way", "situation" (大家, 人們, 東西, 現在). They are no stopwords:
 * they still build compounds (社會福利) and sentences.
 */
export const ZH_GENERIC = new Set(
  `大家 人們 人家 別人 民眾 大眾 各位 朋友 同學 老師 先生 女士 東西 事情 事 事物 地方 時間 今天 明天 昨天
現在 未來 過去 以後 以前 當時 當下 剛剛 最近 時代 年代 一下 這邊 那邊 這裡 那裡 世界 社會 國家 生活 工作
方法 做法 想法 看法 概念 目標 意思 意義 角色 能力 機會 議題 內容 東西 重點 部份 原則 過程 環境 條件 結構
關係 價值 影響 需求 需要 願望 期待 經驗 故事 例子 案例 狀態 程度 層面 角度 觀點 面向 方向 領域 範圍 作用
外國 本國 各國 全國 國內 國外 各地 當地 在地 一點 很多 許多 大概 其實 真的 當然 謝謝 感謝 歡迎 好的 是的 對 嗯 那麼 接下來 首先 最後 另外 總之 所謂`.split(
    /\s+/,
  ),
);

/** English words too general to be a key or an option alone ("people", "idea", "world"). */
export const EN_GENERIC = new Set(
  `people person persons everyone someone idea ideas world thing things room point points fact facts
reason reasons question questions answer answers problem problems issue issues time times year years
day days way ways lot lots number numbers kind sort form forms term terms word words today tomorrow
yesterday moment place places side sides end start beginning group groups member members part parts
area areas field fields stuff something anything everything nothing one ones other others hand
true false yes no right wrong good bad big small great little lot`.split(/\s+/),
);
