# ── Common ──────────────────────────────────────────────
brand-name = AI Studio
sandbox-badge = 🧪 Sandbox mode: generations are simulated and cost nothing.
error-generic = 😔 Something went wrong on our side. Please try again in a minute.
error-stale-button = This button is no longer active.
button-back = « Back
button-main-menu = 🏠 Main menu

# ── /start and the main menu ────────────────────────────
start-welcome =
    👋 Hi, { $name }!

    Welcome to <b>{ brand-name }</b>. I turn your ideas into images and videos with the best AI models.

    Pick what you want to do:
menu-title = What would you like to do?
menu-language = 🌐 Language
menu-help = ❓ Help

# ── /language ───────────────────────────────────────────
language-choose = 🌐 Choose your language:
language-changed = ✅ Language set to English.

# ── /help ───────────────────────────────────────────────
help-text =
    <b>{ brand-name }: how it works</b>

    1. Choose a model.
    2. Send a prompt and the photos or videos it asks for.
    3. Check the exact price and confirm: you pay only for what you confirmed.
    4. Wait a little: the result arrives right here in the chat.

    <b>Commands</b>
    /start: main menu
    /language: change the language
    /cancel: stop what you are doing
    /help: this help

# ── /cancel ─────────────────────────────────────────────
cancel-done = ❎ Cancelled. Nothing was ordered.
cancel-nothing = There is nothing to cancel. Send /start to open the menu.

# ── Fallback for anything unexpected ────────────────────
unhandled-text = I did not understand that. Use the buttons below or send /help.
unhandled-callback = This button does not work anymore. Send /start to open the menu.

# ── Command list shown by Telegram ──────────────────────
command-start = Main menu
command-language = Change the language
command-help = How it works
command-cancel = Stop the current action

# ── Generation: choosing a model ────────────────────────
menu-generate = 🎨 Create
command-generate = Create an image or video
gen-choose-type = 🎨 What would you like to create?
gen-choose-model = Choose a model ({ $type }):
gen-no-models = No models are available right now. Please try again later.
gen-catalog-unavailable = ⏳ The list of models is temporarily unavailable: the generation service cannot be reached. Please try again in a few minutes.
gen-model-unavailable = This model is no longer available. Send /generate to choose another one.
price-from = from { $amount }
model-type-image = 🖼 Images
model-type-video = 🎬 Videos
model-type-upscale = 🔍 Upscale
model-type-remove-bg = ✂️ Remove background
model-type-other = 🧩 Other

# ── Generation: the form ────────────────────────────────
button-cancel = ✖️ Cancel
button-skip = ⏭ Skip
button-done = ✅ Done
button-continue = ➡️ Continue
gen-started = You chose <b>{ $model }</b>. Let's set it up: you can stop at any time with /cancel.
gen-cancelled = ❎ Cancelled. Nothing was ordered.
gen-prompt-ask = ✍️ Describe what you want to get.{ $limits }
gen-prompt-ask-optional = ✍️ Describe what you want to get, or tap Skip.{ $limits }
gen-prompt-limit = { " " }Up to { $max } characters.
gen-prompt-expected-text = Please send the description as a text message.
gen-prompt-media-first = First the description, please, as a text message: the photos and videos come in the next step.
gen-prompt-caption-used = 📝 I took the caption as your description. The file itself goes in the next step: please send it again there.
gen-prompt-caption-no-media = 📝 I took the caption as your description. This model works from the description alone, so the file is not used.
gen-prompt-too-long = The description is too long: { $length } characters, and this model takes at most { $max }. Please shorten it and send it again.
gen-prompt-too-short = The description is too short: at least { $min } { $min ->
    [one] character
   *[other] characters
  }, please.
gen-media-kind-image = photos
gen-media-kind-video = videos
gen-media-kind-any = photos or videos
gen-media-count-exact = { $n ->
    [one] exactly one file
   *[other] exactly { $n } files
  }
gen-media-count-range = from { $min } to { $max } files
gen-media-count-optional = up to { $max } files, or tap Skip
gen-media-ask =
    📎 <b>{ $what }</b>: send { $kind }, { $count }.
    Formats: { $formats }. Send photos as files to keep the original quality.
gen-media-expected-file = Please send { $kind } here, or use the buttons.
gen-media-uploading = ⏳ Uploading the file…
gen-media-received = ✅ Received { $count } of { $max }. Send more, or tap Done.
gen-media-received-one = ✅ Received.
gen-media-failed = ⚠️ This file could not be used: { $reason }
gen-media-relay-too-big-for-telegram = Telegram lets bots download files of up to 20 MB. Please send a smaller file.
gen-media-relay-telegram-download-failed = we could not download it from Telegram. Please send it again.
gen-media-relay-upload-failed = the upload failed. Please send it again.
gen-media-relay-upload-not-ready = the file is still being processed. Please send it again in a minute.
gen-media-relay-content-mismatch = its contents are not what its name says (for example, a document named .jpg that is not a picture). Please send the real photo or video.
gen-media-upload-stopped = ✖️ Upload stopped.
media-input-image = Photos
media-input-video = Video
media-input-character-image = Character photo (the face to use)
media-input-target-image = Target photo (where the face goes)
media-problem-unsupported-type = ⚠️ This file type is not supported here. Accepted formats: { $formats }.
media-problem-too-many = ⚠️ That is one file too many: this step takes at most { $max }. Tap Done to continue.
media-problem-too-big-for-telegram = ⚠️ The file is { $size } MB, but Telegram lets bots download at most { $limit } MB. Please send a smaller or compressed file.
media-problem-too-big = ⚠️ The file is { $size } MB; this model takes at most { $limit } MB.
media-problem-video-too-long = ⚠️ The video is { $seconds } s long; this model takes at most { $limit } s. Please trim it and send it again.
media-problem-video-too-short = ⚠️ The video is { $seconds } s long; this model needs at least { $limit } s.
media-problem-dimensions = ⚠️ The image is { $width }×{ $height } px; each side must be between { $min } and { $max } px.
media-problem-pixels = ⚠️ The video resolution is outside what this model accepts.
media-problem-aspect-ratio = ⚠️ The aspect ratio is outside what this model accepts (from { $min } to { $max }).
gen-options-title = ⚙️ <b>Settings</b>. Tap a setting to change it, or tap Continue.
gen-option-choose = Choose <b>{ $name }</b>:{ $hint }
gen-option-type-number = { " " }Tap a value or type a number from { $min } to { $max }.
gen-option-type-text = { " " }Type the value as a message.
gen-options-use-buttons = Please use the buttons above to choose the settings.
gen-options-missing = Please set: { $names }
gen-option-invalid-not-a-number = Please send a number.
gen-option-invalid-not-an-integer = Please send a whole number.
gen-option-invalid-below-min = The value must be at least { $min }.
gen-option-invalid-above-max = The value must be at most { $max }.
gen-option-invalid-off-step = This value is not allowed; please tap one of the buttons.
gen-option-invalid-empty = Please send a value.
option-duration = Duration
option-resolution = Resolution
option-aspect-ratio = Aspect ratio
option-output-format = Format
option-upscale-factor = Upscale factor
option-num-images = Number of images
option-value-yes = Yes
option-value-no = No
option-value-seconds = { $n } s
option-value-unset = not set
gen-pricing = ⏳ Calculating the exact price…
gen-try-again-later = Please try again later, or choose another model with /generate.

# ── Generation: the priced order ────────────────────────
summary-title = 🧾 <b>Check your order</b>
summary-model = Model: <b>{ $model }</b>
summary-prompt = Description: <i>{ $prompt }</i>
summary-media = { $input }: { $count }
summary-option = { $name }: { $value }
summary-price = 💰 Price: <b>{ $price }</b>
summary-quote-note = The price is held for 10 minutes.
button-confirm = ✅ Confirm · { $price }
button-change-options = ⚙️ Change settings
order-submitting = Placing the order…
order-price-outdated = The price has changed. Please check the new price and confirm again.
order-requoted = ⚠️ The price has changed from { $old } to { $new }. Nothing was charged: please confirm the new price.
order-refused = ⚠️ The order could not be placed. Nothing was charged.
order-pending = ⏳ We could not reach the generation service ({ $reason }). Nothing is lost: tap Confirm again in a minute and the same order will be placed, never twice.
order-closed = This order was cancelled. Send /generate to start a new one.
order-status-queued = Order placed, waiting in the queue
order-status-processing = Generating…
order-status-completed = Done!
order-status-failed = Generation failed
order-status-cancelled = Order cancelled
order-cost = Cost: { $price }
order-elapsed = Time: { $seconds } s

# ── Upstream errors, in the user's words ────────────────
upstream-detail = Details: { $detail }
upstream-error-unauthorized = The service is not configured correctly. We have been notified; please try again later.
upstream-error-model-not-found = This model is no longer available. Please choose another one.
upstream-error-order-not-found = This order could not be found.
upstream-error-cannot-cancel = This order can no longer be cancelled.
upstream-error-not-ready = Generation has not started yet, so it cannot be cancelled right now. Please try again in a moment.
upstream-error-cancel-pending = Cancellation requested; waiting for confirmation.
upstream-error-cancel-failed = Cancellation failed for now. Please try again in a moment.
upstream-error-file-not-found = One of the uploaded files is no longer available. Please send it again.
upstream-error-file-expired = The uploaded files have expired (they are kept for 24 hours). Please send them again.
upstream-error-upload-processing = The files are still being processed. Please try again in a moment.
upstream-error-validation-error = The model cannot accept these settings or files.
upstream-error-prompt-required = This model needs a description.
upstream-error-media-required = This model needs a photo or video.
upstream-error-too-many-media = Too many files for this model.
upstream-error-invalid-media-type = This model does not accept one of the files.
upstream-error-insufficient-balance = The service is temporarily unable to accept orders. Nothing was charged; please try again later.
upstream-error-too-many-active-orders = Too many generations are running right now. Please wait for one to finish and try again.
upstream-error-server-busy = The service is busy right now. Please try again in a minute.
upstream-error-idempotency-conflict = This order conflicts with an earlier one. Please start a new one.
upstream-error-internal-error = The service had an internal error. Please try again later.
upstream-error-deposit-required = The prompt library is not available yet.
upstream-error-price-quote-required = The price has to be calculated again. Please try again.
upstream-error-price-quote-changed = The price has changed. Please check the new price.
upstream-error-price-quote-expired = The price has expired. Please check the new price.
upstream-error-network-error = The generation service cannot be reached right now.
upstream-error-timeout = The generation service is taking too long to answer.
upstream-error-bad-response = The generation service sent an unexpected answer.
upstream-error-unknown = Something went wrong on the generation service. Please try again later.

# ── Orders (tracking) ──
menu-orders = 📋 My orders
command-orders = Your orders and their results
tracking-duration-seconds = { $s } s
tracking-duration-minutes = { $m } min { $s } s
tracking-duration-hours = { $h } h { $m } min
tracking-elapsed = Time: { $duration }
tracking-wait-hint = You do not have to wait here: the result will arrive in this chat.
tracking-button-cancel = ✖️ Cancel generation
tracking-cancel-requested = ⏳ Cancellation requested, waiting for confirmation…
tracking-status-lost = Order not found
tracking-lost = The generation service can no longer find this order, so we cannot follow it or deliver its result. Please start a new one with /generate.
tracking-failed = The generation service could not complete this generation. You can try again with the same description, files and settings.
tracking-detail = Details: { $detail }
tracking-button-retry = 🔁 Try again
tracking-cancelled = The generation was stopped.
tracking-kept-until = 📁 The files are kept until { $date }. Save them, or get them again from /orders before then.
tracking-no-files = ⚠️ The service finished the order but returned no files.
tracking-files-expired = ⚠️ The files had already expired and could not be sent.
tracking-files-partly-expired = ⚠️ Some of the files had already expired and could not be sent.
tracking-files-as-links = ⚠️ Telegram did not accept some of the files, so they were sent as download links.
tracking-files-failed = ⚠️ Some of the files could not be sent. You can send them again from /orders.
tracking-files-all-failed = ⚠️ The result could not be delivered: the generation service did not return a file we can safely send. Please contact support, the order is kept.
tracking-links-title = 🔗 Download links:
tracking-link = File { $n }
tracking-originals-caption = 📎 Original quality, without compression
order-cancel-done = ✅ Generation cancelled.
order-cancel-not-ready = Generation has not started yet, so it cannot be cancelled right now. Please try again in a moment.
order-cancel-pending = ⏳ Cancellation requested, waiting for confirmation.
order-cancel-too-late = This order has already finished and can no longer be cancelled.
order-cancel-unsupported = This model cannot be stopped once generation has started.
order-cancel-failed = Cancellation did not go through. Please try again in a moment.
order-cancel-finished = This order has already finished.
orders-title = 📋 <b>Your orders</b>
orders-page = Page { $page } of { $pages }
orders-empty = You have no orders yet. Tap Create to make your first one.
orders-line = { $n }. { $icon } <b>{ $model }</b> · { $status } · { $price } · { $date }
orders-status-queued = in the queue
orders-status-processing = generating
orders-status-completed = done
orders-status-failed = failed
orders-status-cancelled = cancelled
orders-status-lost = not found
orders-button-prev = ◀️ Newer
orders-button-next = Older ▶️
orders-details-title = 🧾 <b>Order of { $date }</b>
orders-details-status = Status: { $status }
orders-details-finished = Finished: { $date }
orders-details-kept-until = Files kept until: { $date }
orders-details-expired = The files were available until { $date }.
orders-button-resend = 📥 Send the files again
orders-resend-started = Sending the files…
orders-resend-expired = The files of this order have expired and can no longer be sent.
orders-retry-files-expired = The files you sent for that order have expired (they are kept for 24 hours), so please send them again.

# ── Admin ──
admin-command-balance = Upstream balance (admins)
admin-command-stats = Statistics (admins)
admin-balance =
    💰 <b>Reseller API balance:</b> { $balance }
    Admins are alerted below { $threshold }.
admin-balance-low = ⚠️ The balance is below the threshold: please top up the Reseller account.
admin-checked-at = <i>Checked { $time }.</i>
admin-balance-error = ⚠️ Could not get the balance from the Reseller API ({ $error }). Admins are alerted below { $threshold }.
admin-button-refresh = 🔄 Refresh
admin-refreshed = Updated
admin-stats-title = 📊 <b>Statistics</b>, { $time }
admin-stats-periods = <i>Periods in UTC: today since 00:00; 7 and 30 days include today.</i>
admin-stats-users =
    👥 <b>Users:</b> { $total }
    New: { $today } today, { $week } in 7 days
    Active in 7 days: { $active }
admin-stats-orders-title = 📦 <b>Orders placed</b> (✅ done · ❌ failed · 🚫 cancelled · ⏳ in progress)
admin-stats-orders-line = { $period }: { $total } (✅ { $completed } · ❌ { $failed } · 🚫 { $cancelled } · ⏳ { $active })
admin-stats-period-today = Today
admin-stats-period-week = 7 days
admin-stats-period-month = 30 days
admin-stats-spent-title = 💸 <b>Spent upstream</b> (completed orders)
admin-stats-spent-line = { $period }: { $amount }
admin-stats-top-title = 🏆 <b>Top models, 30 days</b>
admin-stats-top-line = { $n }. { $model }: { $orders } { $orders ->
    [one] order
   *[other] orders
}
admin-stats-top-empty = No orders yet.
admin-stats-active = ⏳ <b>In progress now:</b> { $total } (queued { $queued }, generating { $processing })
admin-alert-low-balance =
    ⚠️ <b>Low Reseller API balance:</b> { $balance } (alert threshold { $threshold }).
    Please top up the account: once the money runs out, users' orders will be refused.
admin-alert-unauthorized =
    🚨 <b>The Reseller API rejects the API key</b> (unauthorized).
    No order can be placed or tracked. Check RESELLER_API_KEY and restart the bot.
admin-alert-insufficient-balance =
    💸 <b>An order was refused: the Reseller account is out of money.</b>
    A user tried to order { $model } and was told the service is temporarily unavailable. Please top up the account.
admin-alert-upstream-down =
    🔴 <b>The Reseller API is not answering:</b> { $failures } failed requests in a row over { $minutes } min (last: { $error }).
    Orders are kept and will be tracked once it is back.
admin-alert-upstream-recovered = 🟢 The Reseller API answers again (after about { $minutes } min).
admin-alert-unreadable-model =
    🧩 <b>A model could not be read and is not offered:</b> { $model }.
    Reason: { $reason }
    The rest of the catalog is offered as usual.
admin-alert-charge-mismatch =
    💱 <b>Charged other than confirmed:</b> an order for { $model } was confirmed at { $confirmed }, the Reseller API charged { $charged }.
    The model list has been reloaded so that new orders show the current price.
admin-alert-catalog-stale =
    📦 <b>The model list could not be loaded from the Reseller API</b> ({ $error }).
    The bot offers the last list it saved ({ $count } models); orders still go to the API, which decides.

# ── Prompt library ──
menu-prompts = 📚 Prompts
command-prompts = Ready-made prompts for images and videos
prompts-title = 📚 <b>Prompt library</b>
prompts-intro = Ready-made ideas for images and videos. Pick one you like, and the generation starts with its description already filled in.
prompts-type-image = 🖼 Images
prompts-type-video = 🎬 Videos
prompts-type-all = 📚 All
prompts-button-search = 🔎 Search
prompts-button-search-again = 🔎 New search
prompts-button-prev = ◀️ Previous
prompts-button-next = Next ▶️
prompts-button-use = ✨ Use this prompt
prompts-choose-category = { $type }: choose a category, or search by words.
prompts-no-categories = { $type }: there are no prompts here yet.
prompts-category-header = { $type } · { $category }
prompts-search-header = 🔎 Search: <b>{ $query }</b>
prompts-search-ask = 🔎 Send a word or a short phrase to look for (up to { $max } characters). Titles and texts are searched in English and in Russian.
prompts-search-expected-text = Please send the words to look for as a text message.
prompts-search-too-long = That is too long for a search: please use at most { $max } characters.
prompts-search-empty = Nothing found. Try other words, in English or in Russian.
prompts-empty = There are no prompts here yet.
prompts-page = Page { $page } of { $pages }
prompts-line = { $n }. <b>{ $title }</b>{ $note }
prompts-only-in = { $language ->
    [ru] (in Russian only)
   *[en] (in English only)
  }
prompts-detail-title = ✨ <b>{ $title }</b>
prompts-detail-category = Category: { $category } · { $type }
prompts-detail-only-in = { $language ->
    [ru] 🌐 This prompt exists in Russian only.
   *[en] 🌐 This prompt exists in English only.
  }
prompts-detail-cut = <i>The text is shortened here; the whole prompt is used for the generation.</i>
prompts-choose-model = Choose a model for this prompt:
prompts-no-models = No model can take this prompt right now. Please try again later.
prompts-started = ✨ The description is taken from the prompt “{ $title }”.
prompts-too-long = This prompt is { $length } characters long, and { $model } takes at most { $max }. Please send a shorter description; here is the original to copy and edit:
prompts-too-short = This prompt is too short for { $model }: it needs at least { $min } characters. Please send your own description; here is the original to copy and edit:
prompts-unavailable = 📚 The prompt library is not available yet. It will open soon; until then, describe your idea yourself with /generate.
prompts-unavailable-admin = For admins: the library opens once the account's total deposit reaches { $required } USD (now { $deposited } USD).

# ── White label ──
access-private =
    🔒 This is a private bot: only invited users can use it.
    If you should have access, please contact its owner.
access-banned = ⛔️ This bot is not available to you.
access-support = 💬 Support: { $support }
limits-active-orders = ⏳ Too many of your generations are running right now (at most { $max } at a time). Your order is saved: tap Confirm again once a running generation has finished. Nothing was charged.
limits-daily-orders = 📅 You have reached today's limit of { $max } orders. Your order is saved: tap Confirm again after 00:00 UTC, when the limit resets. Nothing was charged.
limits-daily-spend = 💰 This order costs { $price }, but today you can spend only { $remaining } more (the daily limit is { $limit }). Your order is saved: tap Confirm again after 00:00 UTC, when the limit resets. Nothing was charged.

# ── Stars wallet (BILLING=stars) ──
stars-amount = ⭐ { $n }
command-wallet = Your Stars wallet and top-ups
command-paysupport = Help with a payment
command-terms = Terms of sale
summary-wallet = 👛 Your wallet: { $balance }
wallet-title = 👛 <b>Your wallet:</b> { $balance }
wallet-empty-history = No movements yet.
wallet-history-title = <b>Latest movements</b>
wallet-history-line = { $date } · { $amount } · { $what }
wallet-what-topup = top-up
wallet-what-welcome = welcome bonus
wallet-what-grant = gift from the team
wallet-what-hold = order { $model }
wallet-what-release = returned: { $model }
wallet-what-refund = top-up refunded
wallet-what-refund_undo = refund cancelled
wallet-what-capture = order { $model }
wallet-choose-pack = Choose how many Stars to add. You pay with Telegram Stars right in this chat.
wallet-button-pack = ➕ { $amount }
wallet-invoice-title = { $amount } for generations
wallet-invoice-description = Adds { $amount } to your wallet in { brand-name }. Stars are spent only on orders that complete; a failed or cancelled order gives them back.
wallet-invoice-label = Wallet top-up
wallet-invoice-sent = Tap <b>Pay</b> on the invoice above. Your balance is updated as soon as Telegram confirms the payment.
wallet-credited = ✅ { $amount } added to your wallet. Balance: <b>{ $balance }</b>.
wallet-credited-order = Your order is still waiting: tap below to place it.
wallet-button-continue-order = ✅ Place the order · { $price }
wallet-insufficient = 👛 Not enough Stars: this order costs { $price } and your wallet has { $balance }. Add at least { $missing } and tap Confirm again: your order is saved.
wallet-button-topup = ➕ Add { $amount }
wallet-off = Payments are not enabled in this bot: generations are free here.
checkout-unknown-invoice = This invoice is no longer valid. Please open /wallet and choose a pack again.
checkout-already-paid = This invoice has already been paid. Please open /wallet for a new one.
checkout-wrong-amount = The amount of this invoice does not match. Please open /wallet and choose a pack again.
checkout-other-user = This invoice was made for another user. Please open /wallet to get your own.
checkout-not-allowed = Purchases are not available for your account.
order-charged = 💳 Paid: { $price }
order-returned = ↩️ { $price } returned to your wallet.
order-held = 💳 Price: { $price } (held; charged only when the result is ready)
paysupport-text =
    💬 <b>Help with payments</b>
    If a payment went wrong or you want your Stars back, write to us and include the date and amount of the payment.
    Stars are only spent on completed generations: a failed or cancelled order returns them to your wallet automatically.
terms-text =
    📄 <b>Terms of sale</b>
    • You buy Stars for your wallet in this bot and spend them on generations. Prices are shown in Stars before you confirm.
    • Stars are held when you confirm an order and charged only when the result is delivered; a failed, cancelled or lost order returns them.
    • Unspent Stars from a top-up can be refunded on request through /paysupport.
    • Results are generated by AI models and may differ from what you expect; a completed generation is not refunded.
admin-command-refund = Refund a Stars payment (admins)
admin-command-grant = Give Stars to a user (admins)
admin-command-wallet = Look up a customer's wallet (admins)
admin-refund-usage = Usage: <code>/refund &lt;telegram_payment_charge_id&gt;</code>
admin-refund-done = ✅ Refunded { $amount } to user <code>{ $user }</code>.
admin-refund-unknown = ⚠️ No payment with this charge id.
admin-refund-already = ⚠️ This payment has already been refunded.
admin-refund-spent = ⚠️ Refused: the customer has already spent part of these Stars (payment { $amount }, wallet { $balance }).
admin-refund-telegram = ⚠️ Telegram refused the refund: { $reason }. The Stars stay in the customer's wallet.
admin-grant-usage = Usage: <code>/grant &lt;user id&gt; &lt;stars&gt; [reason]</code>, Stars from 1 to 100000.
admin-grant-done = ✅ Granted { $amount } to user <code>{ $user }</code>. Their balance: { $balance }.
admin-grant-repeat = This command was already carried out.
admin-wallet-usage = Usage: <code>/wallet &lt;user id&gt;</code>
admin-wallet-title = 👛 <b>Wallet of</b> <code>{ $user }</code>{ $name }: { $balance }
admin-stats-stars-title = ⭐ <b>Stars</b>
admin-stats-stars =
    Bought: { $paid } (refunded { $refunded })
    Earned on completed orders: { $earned }
    Held by running orders: { $held }
    Given: { $granted } as grants, { $welcome } as welcome bonus
    Upstream spent on paid orders: { $spent }; earned at your rate: { $earnedUsd }; margin: { $margin }
admin-alert-reconciliation =
    🧾 <b>Stars ledger and Telegram disagree</b> ({ $count } differences):
    { $details }

## Broadcasts, customer card, audit log (admins)
admin-command-broadcast = Message every customer (admins)
admin-command-user = Look up a customer (admins)
admin-command-audit = What admins did (admins)
broadcast-ask-content =
    📣 <b>New broadcast</b>

    Send me the message exactly as your customers should see it: text with any formatting, or a photo, video, animation or document with a caption.
broadcast-unsupported = This kind of message cannot be broadcast. Send text, or a photo, video, animation or document with a caption.
broadcast-ask-button = Add a link button under the message?
broadcast-button-add = 🔗 Add a link button
broadcast-button-skip = Continue without a button
broadcast-ask-button-line =
    Send the button's label and its link in one message, separated by a vertical bar:
    <code>Open the catalog | https://example.com</code>
broadcast-button-invalid =
    I could not read that. Send a label of up to { $max } characters, a vertical bar and a link that starts with https:// or http://, for example:
    <code>Open the catalog | https://example.com</code>
broadcast-preview = 👆 This is how your customers will see it. Who should get it?
broadcast-audience-all = 👥 Everyone
broadcast-audience-language = 🌐 By language
broadcast-audience-active = 🕒 Active recently
broadcast-audience-paying = ⭐ Paying customers
broadcast-audience-ids = 🔢 A list of ids
broadcast-ask-language = Customers who read the bot in which language?
broadcast-ask-days = Customers active within how many days?
broadcast-days = { $days } days
broadcast-ask-ids = Send the Telegram ids of the recipients, separated by spaces, commas or new lines (up to { $max }).
broadcast-ids-invalid = I found no ids there. Send numbers only, separated by spaces, commas or new lines (up to { $max }).
broadcast-button-back = ◀️ Back
broadcast-button-discard = ✖️ Discard
broadcast-discarded = The broadcast was discarded; nothing was sent.
broadcast-audience-empty = Nobody in this audience can receive messages now (customers who blocked the bot or are banned are left out). Choose another audience.
broadcast-label-all = everyone
broadcast-label-language = customers reading in { $language }
broadcast-label-active = customers active in the last { $days } days
broadcast-label-paying = paying customers
broadcast-label-ids = the listed customers
broadcast-confirm =
    Send this message to <b>{ $count }</b> { $count ->
        [one] recipient
       *[other] recipients
    } ({ $audience })?
    It goes out at about { $rate } messages per second: roughly { $duration }.
broadcast-button-send = 📣 Send to { $count }
broadcast-busy =
    ⏳ Broadcast #{ $id } is { $status ->
        [paused] paused
       *[running] still sending
    }: { $done } of { $total } done. Only one broadcast runs at a time: wait for it to finish, or cancel it from its progress message.
broadcast-progress-title = 📣 <b>Broadcast #{ $id }</b>: { $state }
broadcast-state-running = sending
broadcast-state-paused = paused
broadcast-state-cancelled = cancelled
broadcast-state-done = finished
broadcast-progress-counts =
    ✅ Sent: { $sent }
    🚫 Blocked the bot: { $blocked }
    ⚠️ Failed: { $failed }
    ⏳ Left: { $left }
broadcast-progress-unconfirmed = ❔ Interrupted mid-send, not repeated: { $count }
broadcast-progress-pace = { $rate } msg/s · about { $duration } left
broadcast-progress-paused = Paused: press Resume to go on.
broadcast-button-pause = ⏸ Pause
broadcast-button-resume = ▶️ Resume
broadcast-button-cancel = ⏹ Cancel the broadcast
broadcast-button-cancel-confirm = Yes, cancel it
broadcast-button-cancel-back = No, go on
broadcast-cancel-question = Cancel the broadcast? Customers who have not got it yet will not get it.
broadcast-paused = Paused
broadcast-resumed = Sending again
broadcast-cancelled = Broadcast cancelled
broadcast-not-active = This broadcast has already ended.
broadcast-report =
    { $status ->
        [cancelled] ⏹ <b>Broadcast #{ $id } was cancelled.</b>
       *[done] ✅ <b>Broadcast #{ $id } is finished.</b>
    }
    Sent: { $sent } of { $total }
    Blocked the bot: { $blocked } (they will not be messaged again)
    Failed: { $failed }
    Not sent: { $left }
    Time: { $duration }
admin-user-usage = Usage: <code>/user 123456789</code> or <code>/user @username</code>
admin-user-not-found = No customer { $query } has written to this bot.
admin-user-card =
    👤 <b>{ $name }</b>{ $username }
    ID: <code>{ $id }</code>
    Language: { $language }
    First seen: { $first }
    Last seen: { $last }
    Orders: { $orders } (completed { $completed }), spent { $spent }
admin-user-wallet = Wallet: { $balance }
admin-user-limits = Today: { $ordersToday } orders, { $spentToday }; in progress: { $active }
admin-user-limits-caps = Limits: { $caps }
admin-user-limits-none = Limits: none set
admin-user-cap-active = { $n } at a time
admin-user-cap-daily-orders = { $n } orders a day
admin-user-cap-daily-spend = { $amount } a day
admin-user-language-auto = { $language } (from Telegram)
admin-user-status-ok = Status: active
admin-user-status-banned = ⛔️ Banned since { $date }
admin-user-status-blocked = 🚫 Has blocked the bot
admin-user-status-admin = 🛡 Admin
admin-user-button-ban = ⛔️ Ban
admin-user-button-unban = ✅ Unban
admin-user-button-orders = 🧾 Recent orders
admin-user-button-card = ◀️ Back to the card
admin-user-banned = Banned
admin-user-unbanned = Unbanned
admin-user-admin-not-bannable = Admins cannot be banned.
admin-user-orders-title = 🧾 <b>Latest orders of { $name }</b>
admin-user-orders-empty = No orders yet.
admin-user-orders-line = { $date } · { $model } · { $status } · { $price }
admin-audit-title = 🗒 <b>Admin actions</b> · page { $page } of { $pages }
admin-audit-empty = No admin actions recorded yet.
admin-audit-line = { $time } · <code>{ $actor }</code>{ $actorName }: { $action }
admin-audit-broadcast-started = started broadcast #{ $id } to { $count }
admin-audit-broadcast-paused = paused broadcast #{ $id }
admin-audit-broadcast-resumed = resumed broadcast #{ $id }
admin-audit-broadcast-cancelled = cancelled broadcast #{ $id }
admin-audit-user-banned = banned { $target }
admin-audit-user-unbanned = unbanned { $target }
admin-audit-stars-granted = granted { $stars } ⭐ to { $target }
admin-audit-payment-refunded = refunded { $stars } ⭐ to { $target }
admin-audit-other = { $action }
admin-audit-button-newer = ◀️ Newer
admin-audit-button-older = Older ▶️

## inbox
inbox-flood-notice = You're sending messages faster than I can read them, so I skipped some. Please wait for my replies, then go on.
