# Terminology (use these words everywhere; test/texts checks the rules below):
# - "description": what the customer writes for a generation. "Prompt" only for the ready-made
#   prompts of the library.
# - "images" and "videos" for what the bot makes; "photos" and "videos" for what the customer sends.
# - "order" for a confirmed generation; "Stars" (capitalised) and "⭐ N" for amounts in Stars.
# - Money: "charged" only with BILLING=stars (select on -setup.billing); Stars are charged only
#   when the result has reached the customer, and given back otherwise.
# - Buttons are named in bold, as they read on the button: tap <b>Skip</b>.
# - Tone: a friendly chat, with contractions (don't, can't, we'll). The bot's side speaks as "we"
#   (we've used, we keep), never "I".
# - A non-breaking space before units and after signs: 25.3 MB, 12 sec, 5 min, ⭐ 50.
# - Direction: arrows (◀️ ▶️ ➡️ →) are written here, never in code, so a right-to-left language turns
#   them in its own file.

# Set by the bot at start-up (src/bot/i18n.ts): .billing is "stars" with BILLING=stars, .support
# is "contact" when SUPPORT_CONTACT is set (the texts then end with the contact line).
-setup = setup
    .billing = off
    .support = none

# ── Common ──────────────────────────────────────────────
brand-name = AI Studio
sandbox-badge = 🧪 Sandbox mode: generations are simulated and cost nothing.
error-generic = 😔 Something went wrong on our side. Please try again in a minute.
error-stale-button = This button isn't active anymore.
button-back = ◀️ Back
button-main-menu = 🏠 Main menu
button-retry = 🔁 Try again

# ── /start and the main menu ────────────────────────────
start-welcome =
    👋 Hi, { $name }!

    Welcome to <b>{ brand-name }</b>: it turns your ideas into images and videos with the best AI models.

    Pick what you want to do:
start-welcome-bonus = 🎁 We've added { $amount } to your wallet: try a generation on us.
menu-title = What would you like to do?
menu-language = 🌐 Language
menu-help = ❓ Help

# ── /language ───────────────────────────────────────────
# This language's name in its own words, with its flag (/language lists every installed one).
language-name = 🇬🇧 English
language-choose = 🌐 <b>Language and result captions</b>
language-changed = ✅ Language set to English.

# ── /help ───────────────────────────────────────────────
help-text =
    <b>{ brand-name }: how it works</b>

    1. Tap <b>🎨 Create</b> or send /generate, then choose a model. Ready-made prompts to start from are in /prompts.
    2. Send a description, plus photos or videos if the model asks for them.
    3. { $billing ->
        [stars] Check the price in Stars and tap <b>Confirm</b>. The Stars are reserved and charged only when the result reaches you; a failed or cancelled order gives them back.
        [prices] Check the settings and tap <b>Confirm</b>. Generations are free for you; the order shows what it costs the bot.
       *[free] Check the settings and tap <b>Confirm</b>. Generations are free.
    }
    4. The result arrives right here in the chat. All your orders are in /orders, where you can get the files again while they're kept (each order shows until when).{ $wallet }

    <b>Commands</b>
    { $commands }

# ── /cancel ─────────────────────────────────────────────
cancel-done = ✖️ Cancelled. Nothing was ordered.
cancel-nothing = There's nothing to cancel.

# ── Fallback for anything unexpected ────────────────────
unhandled-text = Sorry, we didn't catch that. Tap <b>🏠 Main menu</b> or send /help.
unhandled-callback = This button doesn't work anymore. Send /start to open the menu.

# ── Command list shown by Telegram ──────────────────────
command-start = Main menu
command-language = Language and settings
command-help = How it works
command-cancel = Stop the current action

# ── Generation: choosing a model ────────────────────────
menu-generate = 🎨 Create
command-generate = Create an image or video
gen-choose-type = 🎨 What would you like to create?
gen-choose-model = { $type }: choose a model
gen-no-models = No models are available right now. Please try again later.
gen-catalog-unavailable = ⏳ The list of models is temporarily unavailable: the generation service can't be reached. Please try again in a few minutes.
gen-model-unavailable = This model isn't available anymore. Choose another one below.
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
gen-started = You chose <b>{ $model }</b>. Let's set it up. You can stop at any time with /cancel.
gen-cancelled = ✖️ Cancelled. Nothing was ordered.
gen-prompt-ask = ✍️ Describe what you'd like to get.{ $limits }
gen-prompt-ask-optional = ✍️ Describe what you'd like to get, or tap <b>Skip</b>.{ $limits }
gen-prompt-limit = { " " }Up to { $max } { $max ->
    [one] character
   *[other] characters
  }.
gen-prompt-expected-text = Please send the description as a text message.
gen-prompt-media-first = First the description, please, as a text message: the photos and videos come in the next step.
gen-prompt-text-only = This model only needs a text description: please send it as a message.
gen-prompt-caption-used = 📝 We've used the caption as your description. The file itself is needed in the next step, so please send it again then.
gen-prompt-caption-no-media = 📝 We've used the caption as your description. This model works from the description alone, so the file isn't used.
gen-prompt-too-long = The description is too long: { $length } { $length ->
    [one] character
   *[other] characters
  }, and this model takes at most { $max }. Please shorten it and send it again.
gen-prompt-too-short = The description is too short: it needs at least { $min } { $min ->
    [one] character
   *[other] characters
  }.
gen-media-kind-image = photos
gen-media-kind-video = videos
gen-media-kind-any = photos or videos
gen-media-count-exact = { $n ->
    [one] send one { $kind ->
        [image] photo
        [video] video
       *[any] photo or video
    }
   *[other] send { $n } { $kind ->
        [image] photos
        [video] videos
       *[any] photos or videos
    }
  }
gen-media-count-range = send { $min } to { $max } { $max ->
    [one] { $kind ->
        [image] photo
        [video] video
       *[any] photo or video
    }
   *[other] { $kind ->
        [image] photos
        [video] videos
       *[any] photos or videos
    }
  }
gen-media-count-optional = { $max ->
    [one] send one { $kind ->
        [image] photo
        [video] video
       *[any] photo or video
    } if you like, or tap <b>Skip</b>
   *[other] send up to { $max } { $kind ->
        [image] photos
        [video] videos
       *[any] photos or videos
    }, or tap <b>Skip</b>
  }
gen-media-ask =
    📎 <b>{ $what }</b>: { $mode ->
        [exact] { gen-media-count-exact }
        [range] { gen-media-count-range }
       *[optional] { gen-media-count-optional }
    }.
    Formats: { $formats }.{ $kind ->
        [video] { "" }
       *[other] { " " }Send photos as files to keep the original quality.
    }
gen-media-expected-file = Please send { $kind } here, or use the buttons.
gen-media-uploading = ⏳ Uploading the file…
gen-media-received = ✅ Got { $count } of { $max }. Send more, or tap <b>Done</b>.
gen-media-received-more = ✅ Got { $count } of { $max }. Send at least { $left } more.
gen-media-received-full = ✅ Got { $count } of { $max }: that's all this step takes. Tap <b>Done</b> to continue.
gen-media-received-one = ✅ Got it.
gen-media-failed = ⚠️ Couldn't accept the file.
gen-media-relay-too-big-for-telegram = Telegram lets bots download files of up to 20 MB. Please send a smaller file.
gen-media-relay-telegram-download-failed = It couldn't be downloaded from Telegram. Please send it again.
gen-media-relay-upload-failed = The upload didn't go through. Please send it again.
gen-media-relay-upload-not-ready = The file is still being processed. Please send it again in a minute.
gen-media-relay-content-mismatch = Its contents don't match its name: for example, a document named .jpg that isn't a photo. Please send the real photo or video.
gen-media-upload-stopped = ✖️ Upload stopped.
media-input-image = Photos
media-input-video = Videos
media-input-character-image = Photo of the face to use
media-input-target-image = Photo to put the face into
media-problem-unsupported-type = ⚠️ This file type isn't supported here. Accepted formats: { $formats }.
media-problem-too-many = ⚠️ That's one file too many: this step takes at most { $max } { $max ->
    [one] file
   *[other] files
  }. Tap <b>Done</b> to continue.
media-problem-too-big-for-telegram = ⚠️ The file is { $size } MB, but Telegram lets bots download at most { $limit } MB. Please send a smaller or compressed file.
media-problem-too-big = ⚠️ The file is { $size } MB, but this model takes at most { $limit } MB. Please send a smaller file.
media-problem-video-too-long = ⚠️ The video is { $seconds } sec long, but this model takes at most { $limit } sec. Please trim it and send it again.
media-problem-video-too-short = ⚠️ The video is { $seconds } sec long, but this model needs at least { $limit } sec. Please send a longer one.
media-problem-dimensions = ⚠️ This file is { $width }×{ $height } px. Each side must be between { $min } and { $max } px.
media-problem-dimensions-min = ⚠️ This file is { $width }×{ $height } px. Each side must be at least { $min } px.
media-problem-dimensions-max = ⚠️ This file is { $width }×{ $height } px. Each side must be at most { $max } px.
media-problem-pixels = ⚠️ This file's resolution is outside what this model accepts. Please send a larger or smaller file.
media-problem-aspect-ratio = ⚠️ This file's width to height is { $ratio }, but this model accepts from { $min } to { $max }. Please crop it and send it again.
media-problem-aspect-ratio-min = ⚠️ This file's width to height is { $ratio }, but this model accepts { $min } or wider. Please crop it and send it again.
media-problem-aspect-ratio-max = ⚠️ This file's width to height is { $ratio }, but this model accepts { $max } or narrower. Please crop it and send it again.
gen-options-title = ⚙️ <b>Settings</b>. Tap a setting to change it, or tap <b>Continue</b>.
gen-option-choose = <b>{ $name }</b>: choose a value.{ $hint }
gen-option-type-number = { " " }Or type a number from { $min } to { $max }.
gen-option-type-number-min = { " " }Or type a number, { $min } or more.
gen-option-type-number-max = { " " }Or type a number up to { $max }.
gen-option-type-number-any = { " " }Or type a number.
gen-option-type-text = { " " }Type the value as a message.
gen-options-use-buttons = Please use the buttons above to choose the settings.
gen-options-missing = Please set: { $names }
gen-option-invalid-not-a-number = Please send a number.
gen-option-invalid-not-an-integer = Please send a whole number.
gen-option-invalid-below-min = The value must be at least { $min }.
gen-option-invalid-above-max = The value must be at most { $max }.
gen-option-invalid-off-step = This value isn't allowed. Please tap one of the buttons.
gen-option-invalid-empty = Please send a value.
option-duration = Duration
option-resolution = Resolution
option-aspect-ratio = Aspect ratio
option-output-format = Format
option-upscale-factor = Upscale factor
option-num-images = Number of images
option-value-yes = Yes
option-value-no = No
option-value-seconds = { $n } sec
option-value-unset = not set
option-value-adaptive = Auto
option-value-auto = Auto
gen-pricing = ⏳ Working out the exact price…
gen-preparing = ⏳ Preparing your order…
gen-try-again-later = Please try again later, or choose another model.

# ── Generation: the priced order ────────────────────────
summary-title = 🧾 <b>Check your order</b>
summary-model = Model: <b>{ $model }</b>
summary-prompt = Description: <i>{ $prompt }</i>
summary-media = { $input }: { $count }
summary-option = { $name }: { $value }
summary-price = 💰 Price: <b>{ $price }</b>
summary-cost = 💸 Cost to the bot: <b>{ $price }</b> (free for you)
summary-quote-note = The price holds until { $time }.
button-confirm = ✅ Confirm · { $price }
button-change-options = ⚙️ Settings
order-submitting = Placing the order…
order-price-outdated = The price has changed. Please check the new price and confirm again.
order-requoted = { -setup.billing ->
    [stars] ⚠️ The price has changed from { $old } to { $new }. Nothing was charged: please confirm the new price.
   *[other] ⚠️ The price has changed from { $old } to { $new }. Please confirm the new price.
  }
order-refused = { -setup.billing ->
    [stars] ⚠️ The order couldn't be placed. Nothing was charged.
   *[other] ⚠️ The order couldn't be placed.
  }
order-pending = { -setup.billing ->
    [stars] ⏳ The generation service isn't responding right now. Nothing is lost: tap <b>Confirm</b> again in a minute. It won't create a second order or charge you twice.
   *[other] ⏳ The generation service isn't responding right now. Nothing is lost: tap <b>Confirm</b> again in a minute. It won't create a second order.
  }
order-closed = This order is closed and can't be confirmed anymore. You can start a new one below.
order-status-queued = Order placed, waiting in the queue
order-status-processing = Generating…
order-status-completed = Done!
order-status-failed = Generation failed
order-status-cancelled = Order cancelled
order-cost = 💸 Cost to the bot: { $price }

# ── Upstream errors, in the user's words ────────────────
upstream-detail = The service says: { $detail }
upstream-error-unauthorized = The service isn't set up correctly. We've been notified; please try again later.
upstream-error-model-not-found = This model isn't available anymore. Please choose another one.
upstream-error-order-not-found = This order couldn't be found.
upstream-error-cannot-cancel = This order can't be cancelled anymore.
upstream-error-not-ready = The order is still being handed over to the service. You can cancel it in a few seconds.
upstream-error-cancel-pending = Cancellation requested; waiting for confirmation.
upstream-error-cancel-failed = Cancellation didn't go through yet. Please try again in a moment.
upstream-error-file-not-found = One of the uploaded files isn't available anymore. Please send it again.
upstream-error-file-expired = The uploaded files have expired: they're kept for 24 hours. Please send them again.
upstream-error-upload-processing = The files are still being processed. Please try again in a moment.
upstream-error-validation-error = The model can't accept these settings or files.
upstream-error-prompt-required = This model needs a description.
upstream-error-media-required = This model needs a photo or video.
upstream-error-too-many-media = Too many files for this model.
upstream-error-invalid-media-type = This model doesn't accept one of the files.
upstream-error-insufficient-balance = { -setup.billing ->
    [stars] The service can't accept orders right now. Nothing was charged; please try again later.
   *[other] The service can't accept orders right now. Please try again later.
  }
upstream-error-too-many-active-orders = { -setup.billing ->
    [stars] The generation service is at capacity right now. Nothing was charged; please try again in a couple of minutes.
   *[other] The generation service is at capacity right now. Please try again in a couple of minutes.
  }
upstream-error-server-busy = The service is busy right now. Please try again in a minute.
upstream-error-idempotency-conflict = { -setup.billing ->
    [stars] This order was already sent with different details, so it can't be repeated. Nothing was charged: please start a new one with /generate.
   *[other] This order was already sent with different details, so it can't be repeated. Please start a new one with /generate.
  }
upstream-error-internal-error = The service had an internal error. Please try again later.
upstream-error-deposit-required = The prompt library isn't available yet.
upstream-error-price-quote-required = The price has to be worked out again. Please try again.
upstream-error-price-quote-changed = The price has changed. Please check the new price.
upstream-error-price-quote-expired = This price quote has expired. Please check the new price.
upstream-error-network-error = The generation service can't be reached right now.
upstream-error-timeout = The generation service is taking too long to answer.
upstream-error-bad-response = The generation service sent an unexpected answer.
upstream-error-unknown = Something went wrong on the generation service. Please try again later.

# ── Orders (tracking) ──
menu-orders = 📋 My orders
command-orders = Your orders and their results
tracking-duration-seconds = { $s } sec
tracking-duration-minutes = { $m } min { $s } sec
tracking-duration-hours = { $h } h { $m } min
tracking-elapsed = Time: { $duration }
tracking-wait-hint = You don't have to wait here: the result will arrive in this chat.
tracking-button-cancel = ✖️ Cancel generation
tracking-cancel-requested = ⏳ Cancellation requested, waiting for confirmation…
tracking-status-lost = Order not found
tracking-lost = { -setup.billing ->
    [stars] The generation service can't find this order anymore, so we can't track it or deliver its result. Your Stars go back to your wallet. Tap <b>🔁 Try again</b> to place it again with the same inputs.
   *[other] The generation service can't find this order anymore, so we can't track it or deliver its result. Tap <b>🔁 Try again</b> to place it again with the same inputs.
  }
tracking-failed = The generation service couldn't complete this order. You can try again with the same description, files and settings.
tracking-detail = The service says: { $detail }
tracking-button-retry = 🔁 Try again
tracking-cancelled = The generation was stopped.
tracking-kept-until = 📁 The files are kept until { $date }. Save them, or get them again from /orders before then.
tracking-no-files = ⚠️ The service finished the order but didn't send back any files.
tracking-files-expired = ⚠️ The files had already expired and couldn't be sent.
tracking-files-partly-expired = ⚠️ Some files had already expired and couldn't be sent.
tracking-files-as-links = ⚠️ Telegram didn't accept some files, so they were sent as download links.
tracking-files-failed = ⚠️ Some files couldn't be sent. You can get them again from /orders.
tracking-links-title = 🔗 Download links:
tracking-link = File { $n }
tracking-originals-caption = 📎 Original quality, without compression
order-cancel-sending = ⏳ Cancelling…
order-cancel-not-ready = The order is still being handed over to the service. You can cancel it in a few seconds.
order-cancel-too-late = This order has already finished and can't be cancelled anymore.
order-cancel-unsupported = This model can't be stopped once generation has started.
order-cancel-failed = Cancellation didn't go through. Please try again in a moment.
order-cancel-finished = This order has already finished.
orders-title = 📋 <b>Your orders</b>
orders-button-app = 🖼 All my results
orders-page = Page { $page } of { $pages }
orders-empty = You have no orders yet. Tap <b>Create</b> to make your first one.
orders-line = { $n }. { $icon } <b>{ $model }</b> · { $status } · { $price } · { $date }
orders-price-held = { $price } reserved
orders-price-returned = ↩️ { $price } returned
orders-status-queued = in the queue
orders-status-processing = generating
orders-status-completed = done
orders-status-failed = failed
orders-status-cancelled = cancelled
orders-status-lost = not found
orders-button-prev = ◀️ Newer
orders-button-next = Older ▶️
orders-details-title = 🧾 <b>Order placed { $date }</b>
orders-details-status = Status: { $status }
orders-details-finished = Finished: { $date }
orders-details-kept-until = Files kept until: { $date }
orders-details-expired = The files were available until { $date }.
orders-button-resend = 📥 Send the files again
orders-resend-started = Sending the files…
orders-resend-expired = The files of this order have expired and can't be sent anymore.
orders-retry-files-expired = The files you sent for that order have expired: they're kept for 24 hours. Please send them again.

# ── Admin ──
admin-command-balance = Reseller API balance (admins)
admin-command-stats = Statistics (admins)
admin-balance =
    💰 <b>Reseller API balance:</b> { $balance }
    Admins are alerted below { $threshold }.
admin-balance-low = ⚠️ The balance is below the threshold: please top up the Reseller account.
admin-checked-at = <i>Checked { $time }.</i>
admin-balance-error = ⚠️ Couldn't get the balance from the Reseller API: { $error }. Admins are alerted below { $threshold }.
admin-button-refresh = 🔄 Refresh
admin-stats-title = 📊 <b>Statistics</b>, { $time }
admin-stats-periods = <i>Periods: today since { $start }; 7 and 30 days include today.</i>
admin-stats-users =
    👥 <b>Users:</b> { $total }
    New: { $today } today, { $week } in 7 days
    Active in 7 days: { $active }
admin-stats-orders-title = 📦 <b>Orders placed</b> (✅ done · ❌ failed · 🚫 cancelled · ⏳ in progress)
admin-stats-orders-line = { $period }: { $total } (✅ { $completed } · ❌ { $failed } · 🚫 { $cancelled } · ⏳ { $active })
admin-stats-period-today = Today
admin-stats-period-week = 7 days
admin-stats-period-month = 30 days
admin-stats-spent-title = 💸 <b>Reseller API cost</b> (completed orders)
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
    Please top up the account: once the money runs out, customers' orders will be refused.
admin-alert-unauthorized =
    🚨 <b>The Reseller API rejects the API key</b> (unauthorized).
    No order can be placed or tracked. Check RESELLER_API_KEY and restart the bot.
admin-alert-insufficient-balance =
    💸 <b>An order was refused: the Reseller account is out of money.</b>
    A customer tried to order { $model } and was told the service is temporarily unavailable. Please top up the account.
admin-alert-upstream-down =
    🔴 <b>The Reseller API isn't answering:</b> { $failures } failed { $failures ->
        [one] request
       *[other] requests
    } in a row over { $minutes } min. Last error: { $error }.
    Orders are kept and will be tracked once it's back.
admin-alert-upstream-recovered = 🟢 The Reseller API is responding again (down for about { $minutes } min).
admin-alert-unreadable-model =
    🧩 <b>A model couldn't be read and isn't offered:</b> { $model }.
    Reason: { $reason }
    The rest of the catalog is offered as usual.
admin-alert-charge-mismatch =
    💱 <b>Charge differs from the confirmed price:</b> an order for { $model } was confirmed at { $confirmed }, the Reseller API charged { $charged }.
    The model list has been reloaded so that new orders show the current price.
admin-alert-catalog-stale =
    📦 <b>The model list couldn't be loaded from the Reseller API:</b> { $error }.
    The bot offers the last list it saved, { $count } { $count ->
        [one] model
       *[other] models
    }. Orders still go to the API, which decides whether to accept them.

# ── Prompt library ──
menu-prompts = 📚 Ready-made prompts
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
prompts-search-ask = 🔎 Send a word or a short phrase to look for, up to { $max } { $max ->
    [one] character
   *[other] characters
  }. Titles and texts are searched in English and in Russian.
prompts-search-expected-text = Please send the words to look for as a text message.
prompts-search-too-long = That's too long for a search: please use at most { $max } { $max ->
    [one] character
   *[other] characters
  }.
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
prompts-too-long = This prompt is { $length } { $length ->
    [one] character
   *[other] characters
  } long, and { $model } takes at most { $max }. Please send a shorter description of your own; here's the original to copy and edit:
prompts-too-short = This prompt is too short for { $model }: it needs at least { $min } { $min ->
    [one] character
   *[other] characters
  }. Please send a description of your own; here's the original to copy and edit:
prompts-unavailable = 📚 The prompt library isn't available yet. Tap <b>🎨 Create</b> to describe your idea yourself.
prompts-try-again = Please try again in a few minutes.
prompts-unavailable-admin = For admins: the library opens once the account's total deposit reaches { $required } USD, now { $deposited } USD.

# ── White label ──
access-private = { -setup.support ->
    [contact]
        🔒 This is a private bot: only invited users can use it.
        If you should have access, please contact its owner.
   *[other]
        🔒 This is a private bot: only invited users can use it.
        If you should have access, please ask whoever invited you to it.
  }
access-banned = ⛔️ This bot isn't available to you.
access-support = 💬 Support: { $support }
limits-active-orders = { -setup.billing ->
    [stars] ⏳ Too many of your generations are running right now: at most { $max } at a time. Your order is saved: tap <b>Confirm</b> again once a running one has finished. Nothing was charged.
   *[other] ⏳ Too many of your generations are running right now: at most { $max } at a time. Your order is saved: tap <b>Confirm</b> again once a running one has finished.
  }
limits-daily-orders = { -setup.billing ->
    [stars] 📅 You've reached today's limit of { $max } { $max ->
        [one] order
       *[other] orders
    }. Your order is saved: tap <b>Confirm</b> again after { $reset }, when the limit resets. Nothing was charged.
   *[other] 📅 You've reached today's limit of { $max } { $max ->
        [one] order
       *[other] orders
    }. Your order is saved: tap <b>Confirm</b> again after { $reset }, when the limit resets.
  }
limits-daily-spend = 📅 This order costs the bot { $price }, and today's budget for your generations has only { $remaining } left (the daily budget is { $limit }). Your order is saved: tap <b>Confirm</b> again after { $reset }, when the budget resets.
limits-daily-spend-free = 📅 You've reached today's limit of generations. Your order is saved: tap <b>Confirm</b> again after { $reset }, when the limit resets.
limits-daily-spend-stars = 💰 This order ({ $price }) goes over today's spending limit. Your order is saved: tap <b>Confirm</b> again after { $reset }, when the limit resets. Nothing was charged.

# ── Stars wallet (BILLING=stars) ──
stars-amount = ⭐ { $n }
command-wallet = Your Stars wallet and top-ups
command-paysupport = Help with a payment
command-terms = Terms of sale
summary-wallet = 👛 Your wallet: { $balance }
wallet-title = 👛 <b>Your wallet:</b> { $balance }
wallet-title-plan = 👛 <b>Your wallet:</b> { $balance } ({ $plan } of them from your plan, usable until { $date })
wallet-empty-history = No transactions yet.
wallet-history-title = <b>Recent transactions</b>
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
wallet-invoice-description = Adds { $amount } to your wallet in { brand-name }. Stars are charged only for results that reach you; a failed or cancelled order gives them back.
wallet-invoice-label = Wallet top-up
referral-reward-earned = 👥 A friend you invited just got a generation from the bot, and that earned you { $amount }. Balance: <b>{ $balance }</b>.
wallet-credited = ✅ { $amount } added to your wallet. Balance: <b>{ $balance }</b>.
wallet-credited-order = Your order is still waiting: tap below to place it.
card-topup = 🎨 Your order from the chat: <b>{ $model }</b>, “{ $prompt }”, costs { $price }. Your wallet has { $balance }.
    Top up below, then press ✅ Confirm on your card in the chat.
card-topup-enough = ✅ Your wallet now covers this order: press ✅ Confirm on your card in the chat.
wallet-credited-card = Your order is waiting in the chat: press ✅ Confirm on its card.
wallet-button-continue-order = ✅ Place the order · { $price }
wallet-insufficient = 👛 Not enough Stars: this order costs { $price } and your wallet has { $balance }. Add at least { $missing }; once you've paid, you can place the order with one tap.
wallet-button-topup = ➕ Add { $amount }
wallet-off = Payments aren't enabled in this bot: generations are free here.
checkout-unknown-invoice = This invoice isn't valid anymore. Please open /wallet and choose a pack again.
checkout-already-paid = This invoice has already been paid. Please open /wallet for a new one.
checkout-wrong-amount = The amount of this invoice doesn't match. Please open /wallet and choose a pack again.
checkout-other-user = This invoice was made for another user. Please open /wallet to get your own.
checkout-plan-unknown-invoice = This subscription invoice isn't valid anymore. Please open /subscribe and pick the plan again.
checkout-plan-wrong-amount = The amount of this subscription invoice doesn't match the plan anymore. Please open /subscribe and pick the plan again.
checkout-plan-other-user = This subscription invoice was made for another user. Please open /subscribe to get your own.
checkout-not-allowed = Purchases aren't available for your account.
order-charged = Paid: { $price }
order-returned = ↩️ Returned to your wallet: { $price }
order-held = Reserved: { $price }. It's charged only once the result reaches you.
paysupport-text =
    💬 <b>Help with payments</b>
    If a payment went wrong or you'd like a top-up refunded, please contact support below with the date and amount of the payment. A top-up is refunded only whole, while all of its Stars are still in your wallet.
    Stars are charged only for results that reach you: a failed or cancelled order returns them to your wallet automatically.
terms-text =
    📄 <b>Terms of sale</b>
    • You buy Stars for your wallet in this bot and spend them on generations. Prices are shown in Stars before you confirm.
    • Stars are reserved when you confirm an order and charged only when the result is delivered; a failed, cancelled or lost order returns them.
    • A top-up can be refunded in full on request through /paysupport while all of its Stars are still in your wallet: Telegram only refunds whole payments, so a top-up you've spent from can't be refunded.
    • Gift Stars (a welcome bonus, promo codes, rewards for invites, gifts from the team) can be spent on orders but can't be refunded.
    • Results are generated by AI models and may differ from what you expect; Stars for a delivered result aren't refunded.
admin-command-refund = Refund a Stars payment (admins)
admin-command-grant = Give Stars to a customer (admins)
admin-command-wallet = Look up a customer's wallet (admins)
admin-refund-usage = Usage: <code>/refund &lt;telegram_payment_charge_id&gt;</code>. The charge id is on the top-up lines of <code>/wallet &lt;user id&gt;</code>.
admin-refund-done = ✅ Refunded { $amount } to user <code>{ $user }</code>.
admin-refund-unknown = ⚠️ There's no payment with this charge id.
admin-refund-already = ⚠️ This payment has already been refunded.
admin-refund-telegram = ⚠️ Telegram refused the refund: { $reason }. The Stars stay in the customer's wallet.
admin-grant-usage = Usage: <code>/grant &lt;user id&gt; &lt;stars&gt; [reason]</code>, from 1 to 100,000 Stars.
admin-grant-done = ✅ Granted { $amount } to user <code>{ $user }</code>. Their balance: { $balance }.
admin-grant-repeat = This command was already carried out.
admin-wallet-usage = Usage: <code>/wallet &lt;user id&gt;</code>
admin-wallet-title = 👛 <b>Wallet</b> · <code>{ $user }</code>{ $name }: { $balance }
admin-wallet-history-line = { $date } · { $amount } · { $what } · <code>{ $charge }</code>
admin-stats-stars-title = ⭐ <b>Stars</b>
admin-stats-stars =
    Bought: { $paid } (refunded { $refunded })
    Earned on completed orders: { $earned }
    Reserved by running orders: { $held }
    Given away: { $granted } by hand, { $welcome } as welcome bonuses
admin-stats-money-title = 💰 <b>Revenue and margin</b> (customers' Stars at { $payout } each, as Telegram pays out; gifted Stars earn nothing)
admin-stats-money-line = { $period }: revenue { $revenue } for { $stars }, Reseller API cost { $cost } (given away { $given }), margin { $margin }
admin-alert-reconciliation =
    🧾 <b>Stars ledger and Telegram disagree</b> ({ $count } { $count ->
        [one] difference
       *[other] differences
    }):
    { $details }
admin-recon-missing = payment <code>{ $id }</code> ({ $stars }, user <code>{ $user }</code>) is missing from the ledger
admin-recon-amount = payment <code>{ $id }</code>: { $ledger } in the ledger, { $telegram } at Telegram
admin-recon-unknown = top-up <code>{ $id }</code> ({ $stars }) is in the ledger but unknown to Telegram
admin-recon-refund-unbooked = Telegram refunded <code>{ $id }</code>, but the ledger doesn't show it
admin-recon-refund-unknown = the ledger refunds <code>{ $id }</code>, but Telegram doesn't know of it

orders-resend-charged = ✅ The files have reached you, so { $price } has been charged for this order.
wallet-what-charge = order { $model } (files sent again)
wallet-what-telegram_refund = payment refunded by Telegram
admin-refund-preview = Payment of { $amount } from user <code>{ $user }</code>. Paid Stars still in their wallet: { $refundable } (gift Stars don't count).
admin-refund-button = ↩️ Refund { $amount }
admin-refund-takes-reward = 👥 The refund also takes back the referral reward of { $amount } booked with this payment: user <code>{ $referrer }</code>'s balance becomes { $balance }.
admin-refund-partly-spent = ⚠️ The customer has already spent part of these Stars, and Telegram only refunds a payment whole, so it can't be refunded.
admin-alert-telegram-refund =
    ↩️ <b>Telegram refunded a payment:</b> ⭐ { $stars } to user <code>{ $user }</code> (charge <code>{ $charge }</code>). Booked in the ledger; their balance is now ⭐ { $balance }.

## Broadcasts, customer card, audit log (admins)
admin-command-broadcast = Broadcast to customers (admins)
admin-command-user = Look up a customer (admins)
admin-command-audit = Admin action log (admins)
broadcast-ask-content =
    📣 <b>New broadcast</b>

    Send the message exactly as your customers should see it: text with any formatting, or a photo, video, animation or document with a caption.
broadcast-unsupported = This kind of message can't be broadcast. Send text, or a photo, video, animation or document with a caption.
broadcast-ask-button = Add a link button under the message?
broadcast-button-add = 🔗 Add a link button
broadcast-button-skip = Continue without a button
broadcast-ask-button-line =
    Send the button's label and its link in one message, separated by a vertical bar:
    <code>Open the catalog | https://example.com</code>
broadcast-button-invalid =
    Sorry, that couldn't be read. Send a label of up to { $max } { $max ->
        [one] character
       *[other] characters
    }, a vertical bar and a link that starts with https:// or http://, for example:
    <code>Open the catalog | https://example.com</code>
broadcast-preview = 👆 This is how your customers will see it. Who should get it?
broadcast-ask-audience = Who should get the broadcast?
broadcast-audience-all = 👥 Everyone
broadcast-audience-language = 🌐 By language
broadcast-audience-active = 🕒 Active recently
broadcast-audience-paying = ⭐ Paying
broadcast-audience-ids = 🔢 List of ids
broadcast-ask-language = Which language do the recipients use the bot in?
broadcast-ask-days = How recently should they have been active?
broadcast-days = { $days } { $days ->
    [one] day
   *[other] days
}
broadcast-ask-ids = Send the Telegram ids of the recipients, separated by spaces, commas or new lines, up to { $max }.
broadcast-ids-invalid = No ids found there. Send numbers only, separated by spaces, commas or new lines, up to { $max }.
broadcast-button-back = ◀️ Back
broadcast-button-discard = ✖️ Discard
broadcast-discarded = The broadcast was discarded; nothing was sent.
broadcast-use-buttons = Please use the buttons above.
broadcast-audience-empty = Nobody in this audience can receive messages now: customers who blocked the bot or are banned are left out. Choose another audience.
broadcast-label-all = everyone
broadcast-label-language = customers reading in { $language }
broadcast-label-active = customers active in the last { $days } { $days ->
    [one] day
   *[other] days
}
broadcast-label-paying = paying customers
broadcast-label-ids = the listed customers
broadcast-confirm =
    Send this message to <b>{ $count }</b> { $count ->
        [one] recipient
       *[other] recipients
    } ({ $audience })?
    It goes out at about { $rate } { $rate ->
        [one] message
       *[other] messages
    } per second, so it takes roughly { $duration }.
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
broadcast-progress-pace = { $rate } msg/sec · about { $duration } left
broadcast-progress-paused = Paused: tap <b>Resume</b> to go on.
broadcast-button-pause = ⏸ Pause
broadcast-button-resume = ▶️ Resume
broadcast-button-cancel = ✖️ Cancel the broadcast
broadcast-button-cancel-confirm = Yes, cancel it
broadcast-button-cancel-back = No, go on
broadcast-cancel-question = Cancel the broadcast? Customers who haven't got it yet won't get it.
broadcast-paused = Paused
broadcast-resumed = Resumed
broadcast-cancelled = Broadcast cancelled
broadcast-not-active = This broadcast has already ended.
broadcast-report =
    { $status ->
        [cancelled] ✖️ <b>Broadcast #{ $id } was cancelled.</b>
       *[done] ✅ <b>Broadcast #{ $id } is finished.</b>
    }
    Sent: { $sent } of { $total }
    Blocked the bot: { $blocked } (they won't be messaged again)
    Failed: { $failed }
    Not sent: { $left }
    Time: { $duration }
admin-user-usage = Usage: <code>/user 123456789</code> or <code>/user @username</code>
admin-user-not-found = { $query } has never messaged this bot.
admin-user-card =
    👤 <b>{ $name }</b>{ $username }
    ID: <code>{ $id }</code>
    Language: { $language }
    First seen: { $first }
    Last seen: { $last }
    Orders: { $orders } (completed { $completed }), Reseller API cost { $spent }
admin-user-wallet = Wallet: { $balance }
admin-user-limits = Today: { $ordersToday } { $ordersToday ->
    [one] order
   *[other] orders
  }, Reseller API cost { $spentToday }; in progress: { $active }
admin-user-limits-caps = Limits: { $caps }
admin-user-limits-none = Limits: none set
admin-user-cap-active = { $n } at a time
admin-user-cap-daily-orders = { $n } { $n ->
    [one] order
   *[other] orders
  } a day
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
admin-user-admin-not-bannable = Admins can't be banned.
admin-user-orders-title = 🧾 <b>Recent orders: { $name }</b>
admin-user-orders-empty = No orders yet.
admin-user-orders-line = { $date } · { $model } · { $status } · { $price }
admin-audit-title = 🗒 <b>Admin actions</b> · { $from }–{ $to } of { $total }
admin-audit-empty = No admin actions recorded yet.
admin-audit-line = { $time } · <code>{ $actor }</code>{ $actorName }: { $action }
admin-audit-broadcast-started = started broadcast #{ $id } to { $count } { $count ->
    [one] recipient
   *[other] recipients
  }
admin-audit-broadcast-paused = paused broadcast #{ $id }
admin-audit-broadcast-resumed = resumed broadcast #{ $id }
admin-audit-broadcast-cancelled = cancelled broadcast #{ $id }
admin-audit-user-banned = banned { $target }
admin-audit-user-unbanned = unbanned { $target }
admin-audit-stars-granted = granted ⭐ { $stars } to { $target }
admin-audit-payment-refunded = refunded ⭐ { $stars } to { $target }
admin-audit-subscription-refunded = refunded a subscription payment of ⭐ { $stars } to { $target }; the period's unspent ⭐ { $expired } expired
admin-audit-other = { $action }
admin-audit-button-newer = ◀️ Newer
admin-audit-button-older = Older ▶️

## papercuts
wallet-granted-notice = 🎁 The { brand-name } team has added { $amount } to your wallet. Your balance: <b>{ $balance }</b>.
wallet-refunded-notice = ↩️ Your top-up of { $amount } was refunded to your Telegram account. Your wallet balance: <b>{ $balance }</b>.
admin-grant-unknown-user = ⚠️ User <code>{ $user }</code> has never messaged this bot, so nothing was granted. Check the id: they have to open the bot first.
menu-wallet = 👛 Wallet · { $balance }
button-change-description = ✏️ Description
button-change-files = 📎 Files
gen-change-what = What would you like to change?
internal-file-name = your file
help-wallet = 👛 <b>Wallet</b>: you pay with Telegram Stars. Top up in /wallet (your balance is also on the 👛 Wallet button in the menu). Questions about a payment: /paysupport. Terms of sale: /terms.
help-command = /{ $command }: { $description }
button-confirm-no-price = ✅ Confirm
order-requoted-no-price = ⚠️ The order had to be checked again. Please confirm it once more.
orders-line-no-price = { $n }. { $icon } <b>{ $model }</b> · { $status } · { $date }

## money
order-status-undelivered = Not delivered
orders-status-undelivered = not delivered
tracking-undelivered-refused = The generation service didn't return a file we can safely send.
tracking-undelivered-failed = Telegram didn't accept any of the files.
tracking-undelivered = { -setup.billing ->
    [stars] { $links ->
        [yes] Until a file arrives in the chat, you aren't charged for this order.
       *[no] No file reached you, so you haven't been charged for this order.
    }
   *[other] Your order is saved in /orders.
  } { $next ->
    [resend] { -setup.billing ->
        [stars] Tap <b>📥 Send the files again</b> below; if they arrive, { $price } is charged.
       *[other] Tap <b>📥 Send the files again</b> below to try once more.
    }
   *[retry] Tap <b>🔁 Try again</b> below to place it again with the same inputs.
  }
orders-resend-nothing = The files couldn't be sent this time either. Tap <b>🔁 Try again</b> to place the order again.
admin-alert-undelivered-order =
    📭 <b>Result not delivered:</b> order <code>{ $id }</code> ({ $model }) for chat <code>{ $chat }</code> completed, but none of its files reached the customer. Nothing was charged.
tracking-undelivered-links = Telegram wouldn't take the files as photos or videos, so they came as download links above.

## inbox
inbox-flood-notice = You're sending messages faster than the bot can answer, so the latest ones were skipped. Wait for a reply, then send them again if you still need them.

## stale-status
admin-alert-unknown-order-status =
    ❓ <b>Order stuck in an unknown status:</b> order <code>{ $id }</code> ({ $model }) has been in the status <code>{ $status }</code> since { $since }, and the bot doesn't know what it means. It's still being checked, but it no longer counts toward the customer's limit of active orders.

## promo
command-promo = Redeem a promo code
wallet-what-promo = promo code
wallet-what-referral = reward for inviting a friend
promo-button-enter = 🎁 I have a promo code
promo-button-another = 🎁 Try another code
promo-ask = 🎁 Send your promo code.
promo-redeemed = 🎉 Promo code accepted: +{ $amount }! Your balance: <b>{ $balance }</b>.
promo-unknown = 🤔 There's no such promo code. Check the spelling and try again.
promo-used-up = 😕 This promo code has already been used up.
promo-expired = ⌛ This promo code has expired.
promo-disabled = 🚫 This promo code is no longer active.
promo-already = You've already redeemed this promo code: each code works once per person.
promo-throttled = ✋ Too many wrong codes in a row. Please wait a few minutes and try again.
promo-off = Promo codes aren't available in this bot.
admin-command-promo_new = Create a promo code (admins)
admin-command-promo_batch = Create promo codes that work once, as a CSV file (admins)
admin-command-promos = List promo codes (admins)
admin-command-promo_off = Turn a promo code off (admins)
admin-promo-off = Promo codes need Stars billing (<code>BILLING=stars</code>): customers have no wallet to credit without it.
admin-promo-new-usage = Usage: <code>/promo_new &lt;CODE&gt; &lt;stars&gt; [uses] [days]</code>. Uses: how many customers can redeem it (1 if left out); days: how long it's valid (no end date if left out).
admin-promo-batch-usage = Usage: <code>/promo_batch &lt;count&gt; &lt;stars&gt; [days]</code>: up to { $maxCount } codes that work once each, sent back as a CSV file.
admin-promo-error-code = ⚠️ A code is 3 to 32 characters: Latin letters, digits, <code>_</code> and <code>-</code> (case doesn't matter).
admin-promo-error-stars = ⚠️ Stars must be a whole number from 1 to { $maxStars }.
admin-promo-error-uses = ⚠️ Uses must be a whole number from 1 to { $maxUses }.
admin-promo-error-days = ⚠️ Days must be a whole number from 1 to { $maxDays }.
admin-promo-error-count = ⚠️ The count must be a whole number from 1 to { $maxCount }.
admin-promo-exists = ⚠️ The code <code>{ $code }</code> already exists. Pick another one, or see /promos.
admin-promo-until = valid until { $date }
admin-promo-no-end = no end date
admin-promo-created = ✅ Promo code <code>{ $code }</code> created: { $uses ->
    [1] { $amount }, redeemable once
   *[other] { $amount } each, for up to { $uses } customers
  }, { $validity }.
admin-promo-batch-done = ✅ { $count } { $count ->
    [one] code
   *[other] codes
  } of { $amount }, one use each, { $validity }.
admin-promos-empty = No promo codes yet. Create one with /promo_new or /promo_batch.
admin-promos-title = 🎁 <b>Promo codes</b> (page { $page } of { $pages })
admin-promos-line = <code>{ $code }</code> · { $amount } · used { $used } of { $uses } · { $validity } · { $state }
admin-promo-state-on = ✅ on
admin-promo-state-off = 🚫 off
admin-promo-state-expired = ⌛ expired
admin-promo-state-used-up = ☑️ used up
admin-promo-off-usage = Usage: <code>/promo_off &lt;CODE&gt;</code>
admin-promo-off-disabled = 🚫 Promo code <code>{ $code }</code> is off: it can't be redeemed anymore.
admin-promo-off-already = Promo code <code>{ $code }</code> was already off.
admin-promo-off-unknown = ⚠️ There's no promo code <code>{ $code }</code>. See /promos.
admin-stats-promo = Promo codes: { $amount } granted in { $redemptions } { $redemptions ->
    [one] redemption
   *[other] redemptions
  }
admin-user-promo = Promo codes redeemed: { $count }
admin-audit-promo-created = created promo code { $code } (⭐ { $stars } × { $uses })
admin-audit-promo-batch-created = created { $count } { $count ->
    [one] promo code
   *[other] promo codes
  } of ⭐ { $stars }, one use each
admin-audit-promo-disabled = turned promo code { $code } off
## referrals
command-invite = Invite friends and earn Stars
admin-command-campaign_new = New campaign link (admins)
admin-command-campaigns = Campaign links and their results (admins)
invite-title = 👥 <b>Invite friends</b>
invite-link =
    Share your personal link. Everyone who opens the bot with it for the first time counts as your invite:
    { $link }
invite-button-share = ↗️ Share the link
invite-rule-bonus = 🎁 { $amount } when a friend first gets a result paid with Stars they bought
invite-rule-percent = 💫 { $percent }% of the bought Stars a friend spends on results they get in their { $days ->
        [1] first day
       *[other] first { $days } days
    }
invite-rule-cap = Up to { $amount } a day.
invite-rules-off = Inviting friends doesn't earn rewards right now.
invite-stats = Joined: { $joined } · topped up: { $paid } · you've earned { $earned }
invite-stats-no-rewards = Joined: { $joined } · topped up: { $paid }
command-invite-no-rewards = Your invite link
invite-rewards-note = Rewards are gift Stars: you can spend them on orders, but they can't be refunded.
invite-rewards-when = Rewards come when your friend's result is delivered, not when they top up: Stars they haven't spent can still be refunded to them.
campaign-new-usage = Usage: <code>/campaign_new &lt;name&gt;</code> (up to 64 characters)
campaign-created =
    📣 Campaign “{ $name }” is ready. Its link:
    { $link }
    People who open the bot with it for the first time are counted in /campaigns.
campaigns-title = 📣 <b>Campaigns</b>
campaigns-legend = 👤 joined · 🛒 ordered · 💳 paid · ⭐ Stars bought · 💸 API cost · 📈 margin
campaigns-legend-free = 👤 joined · 🛒 ordered · 💸 API cost
campaigns-line = <b>{ $name }</b>: 👤 { $joins } · 🛒 { $ordered } · 💳 { $payers } · ⭐ { $stars } · 💸 { $cost } · 📈 { $margin }
campaigns-line-free = <b>{ $name }</b>: 👤 { $joins } · 🛒 { $ordered } · 💸 { $cost }
campaigns-empty = No campaigns yet. Create one with <code>/campaign_new &lt;name&gt;</code>.
campaigns-tap = Tap a campaign to see it day by day.
campaign-days-title =
    📣 <b>{ $name }</b>, last 30 days (UTC; quiet days left out)
    { $link }
campaign-day-line = { $day }: 👤 { $joins } · 🛒 { $orders } · ⭐ { $stars } · 💸 { $cost }
campaign-day-line-free = { $day }: 👤 { $joins } · 🛒 { $orders } · 💸 { $cost }
campaign-days-empty = Nothing happened in the last 30 days.
campaign-button-back = ◀️ All campaigns
campaign-unknown = This campaign doesn't exist anymore.
admin-audit-campaign-created = created campaign #{ $id }
admin-user-referred-by = Invited by: { $name } (<code>{ $id }</code>)
admin-user-campaign = Campaign: { $name }
admin-stats-referrals = 👥 Referrals: { $customers } { $customers ->
        [one] customer
       *[other] customers
    } joined through invites, { $topups } paid { $topups ->
        [one] top-up
       *[other] top-ups
    } ({ $bought }); rewards granted: { $rewards }
## after-result
after-result-button-again = 🔁 Again
after-result-button-change = ✏️ Change
after-result-button-use = ➕ Use as input
after-result-button-use-n = ➕ { $n }
after-result-button-share = ↗️ Share
after-result-button-app = 🖼 Open in my results
after-result-next = What's next? Tap a button below.
after-result-next-several = What's next? Tap <b>➕ 1</b>, <b>➕ 2</b>… to use that result as the input of a new generation, or another button below.
after-result-caption = 🎨 <b>{ $model }</b>
after-result-caption-prompt = <i>{ $prompt }</i>
after-result-not-yours = Sorry, this button belongs to someone else's order, so it can't do anything for you.
after-result-inputs-expired = This order's files are gone (we keep them for 24 hours), so it can't be repeated as is. Tap <b>✏️ Change</b> to send them again.
after-result-change-what = What would you like to change? Everything else stays as it was.
after-result-use-choose = Which model should work on this { $kind ->
    [video] video
   *[image] image
  }?
after-result-use-none = No model takes this kind of file right now.
after-result-use-gone = This result's file isn't available anymore.
after-result-use-uploading = ⏳ Passing the result to { $model }…
after-result-use-failed = Couldn't pass the result on. Please try again in a moment.
after-result-use-ready = 📎 The result is attached. { $model } takes it from here.
caption-prompt-on = 📝 Description under results: on
caption-prompt-off = 📝 Description under results: off
caption-prompt-changed-on = Results will show their description from now on.
caption-prompt-changed-off = Results will show only the model from now on.
reminders-on = 🔔 Reminders: on
reminders-off = 🔕 Reminders: off
reminders-turned-on = 🔔 Reminders are on: a plan about to end, Stars waiting to be used, an order waiting for your OK. At most one a day.
reminders-turned-off = 🔕 Reminders are off. You can turn them back on in /language.
reminder-button-off = 🔕 No more reminders
reminder-plan-ending = ⏳ <b>Your { $name } plan still has { $left }</b>: they expire on { $date } if you don't use them.
reminder-welcome-unused = 🎁 <b>Your welcome Stars are waiting:</b> { $balance } on your balance. Describe a picture, and see what comes out.
reminder-quote-unconfirmed = ⏳ <b>Your { $model } order is waiting for your OK</b>, at { $price }.
reminder-win-back = 👋 <b>It's been a while!</b> Need a new picture or video? Pick a model, or take an idea from /prompts.
reminder-win-back-gift = 🎁 A gift for coming back: the code <code>{ $code }</code> adds { $amount } to your balance until { $date }.
reminder-button-gift = 🎁 Take the gift
share-caption = ✨ Made with { $bot }
share-button-create = Create yours

## after-result re-upload
after-result-reuploading = ⏳ This order's files aren't kept anymore, so we're uploading them again…

## live-settings
live-settings-model-description = <i>{ $description }</i>
admin-audit-settings-model-changed = changed { $model }: { $changes }
admin-audit-settings-global-changed = changed the settings: { $changes }
live-settings-change = { $field }: { $from } → { $to }
live-settings-field-offered = in the menu
live-settings-field-name = name ({ $locale })
live-settings-field-description = description ({ $locale })
live-settings-field-price = price
live-settings-field-markup = markup
live-settings-field-welcome = welcome Stars
live-settings-field-packs = top-up packs
live-settings-field-reminders = reminders
live-settings-value-default = default
live-settings-value-shown = shown
live-settings-value-hidden = hidden
live-settings-value-text = “{ $text }”
live-settings-value-percent = { $percent }%
live-settings-value-markup = markup { $percent }%
live-settings-value-reminders-none = all off
live-settings-value-reminder-plan-ending = plan Stars before the period ends
live-settings-value-reminder-welcome-unused = welcome Stars unused
live-settings-value-reminder-quote-unconfirmed = order not confirmed
live-settings-value-reminder-win-back = win back after 30 quiet days

## subscriptions
subscription-plan-name = { $id ->
   *[other] { $title }
  }
subscription-plan-unnamed = Subscription
subscription-plan-description = { $id ->
   *[other] { $allowance } every 30 days for { $price }
  }
subscription-plan-line = <b>{ $name }</b>: { $description }
subscription-plans-title = 🔁 <b>Subscriptions</b>
subscription-plans-rules = Your plan's Stars are spent before your other Stars and expire at the end of each 30-day period. Telegram renews the plan every 30 days; cancel any time in /subscription.
subscription-button-plan = { $name }: { $price } per 30 days
subscription-button-plans = 🔁 Subscriptions
subscription-invoice-title = { $name } subscription
subscription-invoice-description = { $allowance } for generations every 30 days, spent before your other Stars; unused ones expire at the end of each period.
subscription-invoice-label = { $name }
subscription-invoice-ready = Here's your { $name } subscription. Tap below to pay with Telegram Stars.
subscription-button-pay = Subscribe for { $price }
subscription-activated = 🎉 You're subscribed to { $name }! { $allowance } added for this period (until { $date }). Balance: { $balance }.
subscription-renewed = 🔁 Your { $name } subscription renewed: { $allowance } added until { $date }. Balance: { $balance }.
subscription-status = 🔁 Your plan: <b>{ $name }</b>. Plan Stars left this period: { $left }.
subscription-status-renews = Renews on { $date }: you pay { $price } and get { $allowance }.
subscription-status-cancelled = Renewal is off: the plan stays active until { $date }.
subscription-button-cancel = Cancel renewal
subscription-button-resume = Resume renewal
subscription-cancelled = Renewal is off. Your plan's Stars stay usable until the period ends; your other Stars don't expire.
subscription-resumed = Renewal is back on.
subscription-signal-failed = ⚠️ <b>Your { $name } subscription didn't renew</b>: the payment of { $price } for the next period didn't go through (usually the account is short of Stars). Renew it below to keep the plan.
subscription-signal-canceled = 🔕 <b>Your { $name } subscription won't renew</b>: you turned renewal off in Telegram. The plan stays active until { $date }, and its Stars are yours to spend until then. To keep it, turn renewal back on in Telegram's Stars settings.
subscription-signal-active = ✅ <b>Your { $name } subscription renews again.</b> Next payment on { $date }: { $price }.
subscription-status-cancelled-in-telegram = Renewal is off in Telegram: the plan stays active until { $date }. Turn renewal back on in Telegram's Stars settings to keep it.
subscription-status-renewal-failed = ⚠️ The last renewal payment didn't go through. Renew below to keep the plan.
subscription-button-renew = 🔄 Renew { $name }: { $price }
subscription-button-status = 🔁 My subscription
subscription-none = You don't have a subscription yet.
subscription-off = Subscriptions aren't offered in this bot.
subscription-ended = Your { $name } subscription has ended: the renewal didn't go through. Any unspent Stars of the last period have expired. Tap below to subscribe again.
subscription-plan-withdrawn = This plan is no longer offered, so the payment above was added as ordinary Stars, and the plan won't renew.
terms-subscriptions = • Subscriptions: each period's Stars are spent first and expire at the end of the period. They can't be refunded one by one; the payment for the current period can be refunded whole through /paysupport, and the period then ends at once. Cancel renewal any time in /subscription.
checkout-already-subscribed = You're already subscribed. See /subscription.
admin-refund-subscription-preview = 🔁 Subscription payment of { $amount } from user <code>{ $user }</code>: { $name }, { $from } – { $to }. A refund returns the whole payment through Telegram, ends this period now and removes its unspent Stars: { $unspent }.
admin-refund-subscription-done = ✅ Refunded the subscription payment of { $amount } to user <code>{ $user }</code>. Unspent Stars of that period removed: { $expired }.
subscription-refunded-notice = ↩️ Your subscription payment of { $amount } was refunded to your Telegram account. That period has ended, and its unspent Stars were removed. Your wallet balance: <b>{ $balance }</b>.
wallet-what-allowance = subscription Stars
wallet-what-allowance_expire = subscription Stars expired
admin-stats-reminders = 🔔 Reminders, last 30 days: { $sent } sent, { $acted } acted on within 48 h
admin-stats-subscriptions = 🔁 Subscribers ({ $plans }). Revenue: { $revenue } from { $periods } { $periods ->
    [one] payment
   *[other] payments
  } ({ $refunded } refunded). Renewals turned off this month: { $churn }.
admin-stats-subscriptions-plan = { $name }: { $n }
admin-user-subscription = 🔁 Subscription: { $name }, { $state }; { $left } of this period left.
admin-user-subscription-active = renews on { $date }
admin-user-subscription-cancelled = renewal off, active until { $date }
admin-user-subscription-ended = ended { $date }

## miniapp
# Examples of a model in the customers' app (issue 43): the owner's question in the chat, the
# control room's picker, the app's strip of examples.
example-consent-ask = The { brand-name } team would like to show this picture to other customers as an example of <b>{ $model }</b> in the app. Your name isn't shown.
example-consent-ask-video = The { brand-name } team would like to show this video to other customers as an example of <b>{ $model }</b> in the app. Your name isn't shown.
example-consent-button-allow = ✅ Allow
example-consent-button-decline = No, thanks
example-consent-button-stop = Stop showing
example-consent-shown = Shown as an example of <b>{ $model }</b>.
example-consent-declined = Not shown. Thank you for answering.
example-consent-withdrawn = No longer shown as an example of <b>{ $model }</b>.
example-consent-answer-shown = Thank you! It's shown now.
example-consent-answer-declined = Okay, it won't be shown.
example-consent-answer-withdrawn = Done: it's no longer shown.
example-consent-stale = This question is closed already.
example-consent-uploaded = Uploaded as an example of <b>{ $model }</b> for the app.
miniapp-examples-title = Examples in the app
miniapp-examples-hint = Customers see the first { $n } shown examples under this model, in this order.
miniapp-examples-none = No examples yet.
miniapp-examples-state-shown = Shown
miniapp-examples-state-asked = Waiting for the customer
miniapp-examples-state-declined = Declined by the customer
miniapp-examples-state-withdrawn = Withdrawn by the customer
miniapp-examples-state-unreachable = Couldn't ask the customer
miniapp-examples-uploaded = Uploaded
miniapp-examples-remove = Remove
miniapp-examples-up = ↑
miniapp-examples-up-label = Move up
miniapp-examples-down = ↓
miniapp-examples-down-label = Move down
miniapp-examples-pick = Pick from results
miniapp-examples-pick-hint = A customer's result is shown only once they allow it: the bot asks them in the chat.
miniapp-examples-results-none = No delivered results of this model yet.
miniapp-examples-more = More results
miniapp-examples-picked = Picked
miniapp-examples-pick-one = Pick
miniapp-examples-upload = Upload a file
miniapp-examples-upload-hint = A photo (JPEG, PNG or WebP) up to { $image } MB, or an MP4 video up to { $video } MB.
miniapp-examples-uploading = Uploading…
miniapp-examples-added = Added.
miniapp-examples-asked = Added: the customer is asked in the chat.
miniapp-examples-error-already = That file is an example already.
miniapp-examples-error-full = This model has as many examples as it can take. Remove one first.
miniapp-examples-error-unsupported = That file isn't a JPEG, PNG or WebP photo or an MP4 video.
miniapp-examples-error-too-big = That file is too big.
miniapp-examples-error-telegram = Telegram didn't take the file. Open your chat with the bot once, then try again.
miniapp-examples-error = Something went wrong. Please try again.
miniapp-examples-image = Picture
miniapp-examples-video = Video
app-example-title = Examples
app-example-open = Open example { $n }
app-example-close = Close
app-example-image = Example picture
app-example-video = Example video
miniapp-title = Control room
miniapp-open-from-bot-title = Open this from the bot
miniapp-open-from-bot = This page works only inside Telegram. Open the bot, send /dashboard and tap the button (or use the menu button).
miniapp-forbidden = This control room is for the bot's admins only.
miniapp-error = Couldn't load the figures. Try again in a moment.
miniapp-upstream-unavailable = The generation service can't be reached, so the model list can't be loaded. Try again in a few minutes.
miniapp-retry = Try again
miniapp-loading = Loading…
miniapp-days = { $n } days
miniapp-tab-money = Money
miniapp-tab-models = Models
miniapp-tab-customers = Customers
miniapp-tab-growth = Growth
miniapp-tab-operations = Operations
miniapp-tab-settings = Settings
miniapp-stars-bought = Stars bought
miniapp-stars-earned = Stars earned
miniapp-cost = Reseller API cost
miniapp-margin = Margin
miniapp-revenue = Revenue
miniapp-settings-error-bidi = { $field }: remove the invisible characters that change the direction of text (U+202A–U+202E, U+2066–U+2069); they could make the menu read differently.
miniapp-given-away = Given away
miniapp-revenue-hint = Revenue is what customers paid: Stars spent on delivered results and subscriptions, at Telegram's payout. Given away is the upstream cost of orders paid with gifted Stars (welcome bonus, grants, promo codes, referral rewards); the margin counts it as a cost.
miniapp-refunds = Refunded Stars
miniapp-orders = Orders
miniapp-failed = Failed
miniapp-avg-time = Time to result
miniapp-seconds = { $n } sec
miniapp-model = Model
miniapp-no-billing = Stars billing is off, so there are no Stars or margin to show.
miniapp-customers-new = New
miniapp-customers-active = Ordered
miniapp-customers-paying = Paid
miniapp-wallets-balance = Customers' balance
miniapp-wallets-held = Reserved by running orders
miniapp-top-customers = Top customers
miniapp-customer = Customer
miniapp-spent = Spent, Stars
miniapp-card-hint = Send /user { $id } to the bot for the card.
miniapp-campaigns = Campaigns
miniapp-campaign = Campaign
miniapp-joins = Joined
miniapp-payers = Paid
miniapp-promo-codes = Promo codes
miniapp-promo-code = Code
miniapp-promo-stars = Stars per use
miniapp-used = Redeemed
miniapp-reminders = Reminders, last 30 days
miniapp-reminder = Reminder
miniapp-reminders-sent = Sent
miniapp-reminders-acted = Acted within 48 h
miniapp-reminder-plan-ending = Plan Stars before the period ends
miniapp-reminder-welcome-unused = Welcome Stars unused
miniapp-reminder-quote-unconfirmed = Order not confirmed
miniapp-reminder-win-back = Win-back after 30 quiet days
miniapp-disabled = off
miniapp-upstream-balance = Reseller API balance
miniapp-unknown = unknown
miniapp-queued = Queued
miniapp-processing = Processing
miniapp-broadcasts = Broadcasts
miniapp-broadcast-progress = { $sent } of { $total } sent, { $failed } not delivered
miniapp-csv = CSV
miniapp-empty = Nothing here yet.
miniapp-settings-models = Models
miniapp-settings-offered = Offered
miniapp-settings-price = Price
miniapp-settings-price-default = Default markup
miniapp-settings-price-markup = Markup, %
miniapp-settings-price-fixed = Fixed, Stars
miniapp-settings-example = Now { $stars } ★
miniapp-settings-global = For every model
miniapp-settings-markup = Markup, %
miniapp-settings-welcome = Welcome Stars
miniapp-settings-packs = Top-up packs, Stars (comma-separated)
miniapp-settings-save = Save
miniapp-settings-saved = Saved.
miniapp-settings-conflict = Someone else changed the settings in the meantime. Here are the latest ones: check them and save again.
miniapp-settings-invalid = Not saved. Please change:
miniapp-settings-unavailable = Live settings aren't available on this bot yet.
miniapp-settings-too-fast = That's a lot of changes at once. Wait a minute and try again.
miniapp-settings-name = Name ({ $language })
miniapp-settings-description = Description ({ $language })
miniapp-settings-billing-off = Stars billing is off: these Stars prices and amounts are kept and take effect once it's on.
miniapp-settings-packs-unused = none yet
miniapp-settings-fix-markup = Markup: enter a percentage from 0 to { $max }, with at most two decimals (for example 30 or 12.5).
miniapp-settings-fix-model-markup = This model's markup: enter a percentage from 0 to { $max }, with at most two decimals (for example 30 or 12.5).
miniapp-settings-fix-fixed = Fixed price: enter a whole number of Stars from 1 to { $max }.
miniapp-settings-fix-welcome = Welcome Stars: enter a whole number from 0 to { $max } (0 turns the bonus off).
miniapp-settings-fix-packs = Top-up packs: enter 1 to { $count } whole numbers of Stars from 1 to { $max }, separated by commas (for example 50, 100, 250).
miniapp-settings-fix-name = { $field }: keep it to { $max } characters on one line, without special characters, or leave it empty for the catalog name.
miniapp-settings-fix-description = { $field }: keep it to { $max } characters, without special characters, or leave it empty.
miniapp-settings-fix-other = Some values weren't accepted. Check the form and save again.
miniapp-settings-fix-reminders = Reminders: tick only the ones listed here.
miniapp-settings-reminders = Reminders
miniapp-settings-reminders-hint = The bot writes first when it helps the customer: at most one reminder a day, and never to someone who turned them off.
miniapp-settings-reminders-environment = As set by the environment (REMINDERS). A change saved here takes its place.
miniapp-settings-reminder-about-plan-ending = 3 days and again 1 day before a plan’s period ends, to a subscriber with plan Stars left.
miniapp-settings-reminder-about-welcome-unused = 2 days after the welcome Stars were given, if nothing was ordered since.
miniapp-settings-reminder-about-quote-unconfirmed = 2 hours after an order was priced and not confirmed, once, with its Confirm button.
miniapp-settings-reminder-about-win-back = To a customer who paid before and ordered nothing for 30 days, with a gift code if WIN_BACK_PROMO_STARS is set.
miniapp-type-image = Images
miniapp-type-video = Videos
miniapp-type-upscale = Upscale
miniapp-type-remove-bg = Background removal
miniapp-type-other = Other
miniapp-broadcast-running = sending
miniapp-broadcast-paused = paused
miniapp-broadcast-cancelled = cancelled
miniapp-broadcast-done = finished
admin-command-dashboard = Control room: charts, figures and CSV (admins)
dashboard-open = 📊 The control room: money, models, customers and growth, with charts and CSV exports.
dashboard-button = 📊 Open the control room
dashboard-menu-button = Control room
customer-app-menu-button = My results
dashboard-off-no-public-url = The control room is off: set <code>PUBLIC_URL</code> to the bot's public https address (in webhook mode, <code>WEBHOOK_URL</code>'s address is used) and restart.
dashboard-off-no-http-port = The control room is off: in polling mode the bot serves it on <code>HTTP_PORT</code> (or <code>METRICS_PORT</code>). Set one, make <code>PUBLIC_URL</code> point at it, and restart.
command-subscribe = Monthly plans in Stars
command-subscription = Your plan: Stars left, renewal, cancel

## Subscriptions: terms kept, one plan at a time, refunds (issue 38)
checkout-payment-pending = Your payment for another plan is still being processed. Please wait a minute, then see /subscription.
subscription-status-several =
    🔁 You have { $count ->
        [one] { $count } subscription
       *[other] { $count } subscriptions
    } at once: Telegram renews each of them. Stars of their periods left: { $left }.
subscription-status-item = { $n }. <b>{ $name }</b>: { $renewal }
subscription-button-cancel-item = Cancel renewal { $n }
subscription-button-resume-item = Resume renewal { $n }
admin-refund-subscription-spent = The customer has already spent { $spent } of this period: the refund books them against their wallet, so their balance can go below zero, and new orders wait until they top up.
admin-refund-subscription-spent-done = Booked against the customer's wallet: { $spent } they had already spent of that period.
admin-alert-subscription-amount =
    ⚠️ <b>A subscription renewal paid an unexpected amount:</b> user <code>{ $user }</code> paid ⭐ { $paid } instead of ⭐ { $expected } (charge <code>{ $charge }</code>). Credited in proportion: ⭐ { $allowance }.
admin-alert-subscription-duplicate =
    ⚠️ <b>A customer has two subscriptions at once:</b> user <code>{ $user }</code> (charges <code>{ $charges }</code>). Telegram renews each; the customer sees both in /subscription, each with its own <b>Cancel renewal</b>.
wallet-what-allowance_clawback = spent subscription Stars of a refunded payment

## Many bots, one deployment (issue 40)
bot-suspended = This bot is paused for now. Please come back later.
admin-command-bots = Your bots: add, pause, figures (admins)
bots-add-usage = Usage: <code>/bot_add &lt;token&gt;</code>, with the token @BotFather gave you for the bot (/mybots, the bot, <b>API Token</b>).
bots-add-malformed = That doesn't look like a bot token: a token reads like <code>123456789:AAE…</code>. Copy it again from @BotFather (/mybots, the bot, <b>API Token</b>).
bots-add-refused = Telegram doesn't accept this token: it's mistyped, or it was revoked. Copy it again from @BotFather.
bots-add-main = That's this bot's own token. Send the token of the bot you want to add.
bots-add-no-secret = Added bots need <code>BOT_TOKENS_SECRET</code> (32 characters or more) to keep their tokens encrypted. Set it, restart, then add the bot again.
bots-added =
    ✅ { $name } is live: it answers its customers from now on, with this bot's prices and texts. You're its admin.
    Pause it with <code>/bot_off { $id }</code>; all your bots are in /bots.
bots-updated = ✅ { $name } was added before: it now uses the new token, and keeps its customers, orders and balances.
bots-token-deleted = 🔒 We deleted your message with the token, so it doesn't stay in this chat.
bots-title = 🤖 <b>Your bots</b>, last 7 days
bots-legend = 👤 customers · ⭐ revenue · 💸 API cost
bots-legend-free = 👤 customers · 💸 API cost
bots-line = <code>{ $id }</code> { $name } · { $status } · 👤 { $customers } · ⭐ { $stars } · 💸 { $cost }
bots-line-unknown = <code>{ $id }</code> { $name } · { $status } · figures unavailable right now
bots-status-main = this bot
bots-status-active = on
bots-status-suspended = ⏸ paused
bots-help = Add one: <code>/bot_add &lt;token&gt;</code>. Pause: <code>/bot_off &lt;bot&gt;</code>, resume: <code>/bot_on &lt;bot&gt;</code>, where &lt;bot&gt; is its number or @username.
bots-off-usage = Usage: <code>/bot_off &lt;bot&gt;</code>, the bot's number or @username from /bots.
bots-on-usage = Usage: <code>/bot_on &lt;bot&gt;</code>, the bot's number or @username from /bots.
bots-unknown = There's no bot { $ref }. Your bots are in /bots.
bots-page = Bots { $from }–{ $to } of { $total }
bots-button-previous = ◀️ Previous
bots-button-next = Next ▶️
bots-main-stays = This bot can't be paused: it's the one you manage the others from.
bots-off-changed = ⏸ { $name } is paused: its customers get a short note saying so, and it takes no orders or payments. Orders already paid for are still delivered. Resume it with <code>/bot_on</code>.
bots-off-unchanged = { $name } is already paused.
bots-on-changed = ▶️ { $name } is back on and takes orders again.
bots-on-unchanged = { $name } is already on.

## Daily spend cap per bot (issue 40)
bot-cap-refused = 📅 This bot has reached its limit for today. Your order is saved: tap <b>Confirm</b> again after { $reset }, when the limit resets.
bot-cap-usage = Usage: <code>/bot_cap &lt;bot&gt; &lt;usd&gt;</code>, e.g. <code>/bot_cap 2 5</code>: once the bot's orders of the day (UTC) have cost $5 in API costs, it takes no new ones until the day ends. <code>/bot_cap &lt;bot&gt; off</code> lifts the cap. &lt;bot&gt; is its number or @username from /bots.
bot-cap-set = 💸 { $name } now has a daily cap of { $cap } in API costs. Once it's reached, the bot refuses new orders until the day (UTC) ends, and you'll hear about it. Lift it with <code>/bot_cap { $id } off</code>.
bot-cap-lifted = { $name } has no daily cap any more.
bot-cap-line = cap { $cap }/day, { $spent } spent today
bot-cap-line-unknown = cap { $cap }/day
bot-cap-help = Daily cap on API costs: <code>/bot_cap &lt;bot&gt; &lt;usd&gt;</code>, or <code>off</code> to lift it.
admin-alert-spend-cap = 💸 <b>This bot has reached its daily cap</b> of { $cap } in API costs ({ $spent } spent today): it's refusing new orders until { $reset }.
admin-alert-spend-cap-bot =
    💸 <b>{ $name } has reached its daily cap</b> of { $cap } in API costs ({ $spent } spent today): it's refusing new orders until { $reset }.
    Change it with <code>/bot_cap { $id } &lt;usd&gt;</code>, or lift it with <code>/bot_cap { $id } off</code>.

## Managed bots (issue 40)
admin-command-newbot = Create a bot of your own (admins)
command-newbot = Create a bot of your own
managed-bots-name = { $name }'s { brand-name }
managed-bots-button = 🤖 Create a bot
managed-bots-intro =
    🤖 <b>A bot of your own</b>, with this bot's models, prices and texts under a name you choose. You'll be its admin.
    Tap <b>🤖 Create a bot</b> below: Telegram asks for its name and username, and your bot is live a moment later.
managed-bots-off = Creating bots here is turned off.
managed-bots-admins-only = Only this bot's admins can create bots here.
managed-bots-no-secret = Bots created here need <code>BOT_TOKENS_SECRET</code> (32 characters or more) on the server, to keep their tokens encrypted. Set it, restart, then send /newbot again.
managed-bots-no-permission = @BotFather doesn't let this bot create bots yet: allow it in this bot's settings at @BotFather, then send /newbot again.
managed-bots-cancelled = OK, no new bot for now.
managed-bots-live =
    🎉 Your bot @{ $username } is live: { $link }
    It answers its customers with this bot's models, prices and texts. You're its admin: open it and send /help to see your tools.
managed-bots-failed = Telegram created your bot @{ $username }, but we couldn't start it. Please try again later, or ask the admins for help.
managed-bots-profile-description = { brand-name } turns your ideas into images and videos with the best AI models. Tap Start, send a description, and get the result right here in the chat.
managed-bots-profile-short-description = Images and videos from your ideas, made by the best AI models.

## Operator's control rooms (issue 40)
opsroom-button = 🛠 { $name }
opsroom-hint = 🛠 The buttons below open each bot's control room, with its own figures and settings.

## A bot's own upstream key (issue 40)
admin-command-upstream_key = This bot's own Reseller API key (admins)
upstream-key-current-own = 🔑 This bot orders with <b>its own API key</b>: its generations are paid from your Reseller API account, and /balance shows that account.
upstream-key-current-shared = 🔑 This bot orders with the <b>shared API key</b> of the service that runs it.
upstream-key-usage = To use your own Reseller API account, send <code>/upstream_key &lt;key&gt;</code> with the key from your provider's dashboard. We check it, keep it encrypted and delete your message. <code>/upstream_key off</code> goes back to the shared key.
upstream-key-set = ✅ The key works: from now on this bot's orders, models and /balance use your own API account.
upstream-key-cleared = ✅ This bot is back on the shared API key: new orders aren't paid from your API account any more.
upstream-key-already-shared = This bot already uses the shared API key.
upstream-key-malformed = That doesn't look like an API key. Copy it again from your provider's dashboard and send <code>/upstream_key &lt;key&gt;</code>.
upstream-key-main = This bot's API key is set on the server (<code>RESELLER_API_KEY</code>), not here.
upstream-key-no-secret = Own API keys need <code>BOT_TOKENS_SECRET</code> on the server, to keep them encrypted. Nothing was saved: ask the service's admins to set it.
upstream-key-in-flight = { $orders ->
    [one] { $orders } order is
   *[other] { $orders } orders are
  } still running on the current key, and only that account can finish them. Nothing changed: try again once they're done.
upstream-key-refused = The API doesn't accept this key: it's mistyped, revoked, or from another account or provider. Nothing was saved, and the bot keeps its current key.
upstream-key-unreachable = We couldn't reach the API to check the key, so nothing was saved. Please try again in a few minutes.
upstream-key-deleted = 🔒 We deleted your message with the key, so it doesn't stay in this chat.

# ── Content rules (/rules, issue 42) ──
content-blocked = 🚫 This description can't be used: it goes against the rules of { brand-name }. Please describe something else.
content-blocked-last-warning = ⚠️ One more description like this, and your access to { brand-name } will be suspended.
content-blocked-banned = ⛔️ Your access to { brand-name } has been suspended: several of your descriptions went against its rules.
content-model-private-only = 🔒 { $model } is available only in a private chat with the bot.
content-model-needs-orders = 🔒 { $model } opens after { $needed ->
    [one] your first paid generation
   *[other] { $needed } paid generations
  }. So far you have { $have }.
admin-command-rules = Content rules (admins)
admin-audit-user-auto-banned = automatic ban of { $target }: { $strikes ->
    [one] { $strikes } refused description
   *[other] { $strikes } refused descriptions
  } within { $hours } h
admin-audit-content-rules-changed = changed the content rules: { $lines } blocked { $lines ->
    [one] line
   *[other] lines
  } (before: { $before })
admin-stats-content = 🚫 Refused descriptions, last 30 days: { $blocked }; automatic bans: { $bans }
rules-title = 🛡 <b>Content rules</b> · version { $version }
rules-list-everyone = <b>Everyone:</b> { $lines }
rules-list-language = <b>{ $language }:</b> { $lines }
rules-list-empty = No words are blocked yet.
rules-more = { " " }and { $count } more
rules-strikes = Strikes: { $limit ->
    [one] { $limit } refused description
   *[other] { $limit } refused descriptions
  } within { $hours } h ban a customer.
rules-strikes-off = Strikes: refused descriptions never ban a customer.
rules-models-gated = { $count ->
    [0] No models are kept for private chats or for regular customers.
    [one] 1 model is kept for private chats or for regular customers.
   *[other] { $count } models are kept for private chats or for regular customers.
  }
rules-help =
    <code>/rules add word</code> blocks a word for everyone, <code>/rules add uk: word</code> for one language's customers, <code>/rules remove word</code> takes it back.
    A word blocks the whole word; <code>word*</code> also its longer forms; <code>/regex/</code> is a pattern. The control room (/dashboard) edits everything, models and strikes included.
rules-added = ✅ Blocked: { $line }
rules-removed = ✅ No longer blocked: { $line }
rules-not-found = “{ $line }” isn't in the lists: nothing to remove.
rules-unknown-language = ⚠️ There's no language “{ $tag }” here. Installed: { $tags }.
rules-invalid-too-long = ⚠️ “{ $line }” is too long: at most { $max } characters.
rules-invalid-bad-pattern = ⚠️ “{ $line }” isn't a valid regular expression.
rules-invalid-empty = ⚠️ Write a word, a phrase or a /pattern/ after <code>/rules add</code>.

# ── Control room: content rules ──
miniapp-tab-rules = Rules
miniapp-rules-figure-refused = Refused descriptions, 30 days
miniapp-rules-figure-bans = Automatic bans, 30 days
miniapp-rules-blocked = Blocked words
miniapp-rules-blocked-hint = One entry per line. A word or phrase blocks itself as a whole word: “drug” blocks “Drug!” but not “drugs”. A star adds longer forms: drug* also blocks “drugs” and “drugged”, *drug the words that end in it. Between slashes is a regular expression: /dr[u0]g/. Capitals and accents (é/e) don't matter.
miniapp-rules-lists-hint = The list for everyone applies to every customer; a language's list only to customers who use the bot in that language, as the same word can be harmless in another one.
miniapp-rules-everyone = Everyone
miniapp-rules-language = Language: { $language }
miniapp-rules-strikes = Automatic ban
miniapp-rules-strikes-limit = Refused descriptions before a ban (0: never ban)
miniapp-rules-strikes-window = Within how many hours
miniapp-rules-strikes-hint = A customer who gets that many descriptions refused within that many hours is banned automatically. Admins are never banned.
miniapp-rules-models = Models
miniapp-rules-model = Model
miniapp-rules-type = Type
miniapp-rules-private-only = Private chats only
miniapp-rules-paid-orders = Paid orders first
miniapp-rules-models-hint = “Private chats only”: the model isn't offered in groups or guest chats. “Paid orders first”: how many paid orders a customer needs before the model opens to them; 0 or empty opens it to everyone.
miniapp-rules-save = Save rules
miniapp-rules-saved = Saved.
miniapp-rules-conflict = Someone else changed the rules while you were editing. Their version is shown now and yours wasn't saved: make your changes again and save.
miniapp-rules-invalid = Not saved: fix the marked fields.
miniapp-rules-too-large = The lists are too long to save at once. Shorten them and try again.
miniapp-rules-fix-line-too-long = Line { $n } (“{ $line }”) is too long: at most { $max } characters.
miniapp-rules-fix-line-bad-pattern = Line { $n } (“{ $line }”) isn't a valid regular expression: check its brackets and special characters.
miniapp-rules-fix-line-empty = Line { $n } (“{ $line }”) has no word in it: write a word, a phrase or a /pattern/.
miniapp-rules-fix-list = Too many lines in this list: at most { $max }.
miniapp-rules-fix-limit = Enter a whole number from 0 to { $max } (0: never ban).
miniapp-rules-fix-window = Enter a whole number of hours from 1 to { $max }.
miniapp-rules-fix-paid-orders = Enter a whole number from 0 to { $max } (0: open to everyone).
miniapp-rules-fix-other = Some values weren't accepted. Reload the page and try again.
miniapp-rules-recent = Recently refused descriptions
miniapp-rules-recent-empty = No descriptions have been refused yet.
miniapp-rules-customer = customer { $id }
miniapp-rules-place-private = private chat
miniapp-rules-place-group = group
miniapp-rules-place-guest = guest chat
miniapp-rules-matched = Matched:
miniapp-rules-banned = banned

# ── Groups (/group, issue 42) ──
group-joined-off = 👋 Thanks for adding { brand-name }! It works in private chats only, so it's leaving this group. Write to it directly: @{ $bot }
group-joined-closed = 👋 Hi! Generations start here once an admin of { brand-name } turns them on with /group.
group-joined-open = 👋 Hi! Anyone here can ask { brand-name } for a picture: <code>/generate@{ $bot } a red fox in the snow</code>. Each person pays from their own wallet.
group-status-title = 👥 <b>{ $title }</b>
group-status-open = ✅ Generations are on here.
group-status-closed = ⏸ Generations are off here.
group-status-off = ⏸ Groups are off for this bot (GROUPS=off).
group-status-today = Today: { $used ->
    [one] { $used } generation
   *[other] { $used } generations
  }
group-status-cap = Daily cap: { $cap }
group-status-no-cap = No daily cap.
group-status-help = <code>/group on</code> · <code>/group off</code> · <code>/group cap 20</code> (<code>/group cap off</code> removes the cap)
group-turned-on = ✅ Generations are on in this group.
group-turned-off = ⏸ Generations are off in this group.
group-cap-set = ✅ This group's daily cap: { $cap }.
group-cap-removed = ✅ This group has no daily cap anymore.
group-cap-usage = Write a number from 1 to { $max }: <code>/group cap 20</code>, or <code>/group cap off</code>.
group-closed = ⏸ Generations are off in this group.
group-capped = ⏳ This group has reached its daily limit of generations ({ $cap }). More from { $reset }.
group-anonymous = Generations are paid from a personal wallet: please write as yourself, not as the group.
group-generate-usage = Describe what to create after the command: <code>/generate@{ $bot } a red fox in the snow</code>
group-no-models = No model can be ordered from a group right now. Open the bot's private chat for all of them.
group-not-yours = This is { $name }'s order: only they can use these buttons. Ask for your own with /generate.
group-card = 🎨 <b>{ $model }</b>
    “{ $prompt }”
group-card-confirm-price = ✅ Confirm · { $price }
group-card-confirm = ✅ Confirm
group-card-another = 🔄 Another model
group-card-placed = ✅ Order placed: { $model }. The result will be posted here.
group-card-top-up = ⭐ Top up in the private chat
group-order-for = 🎨 For { $name }
group-result-make-your-own = ✨ Make your own
group-result-report = ⚠️ Report
guest-usage = Write what to create after the bot's name: <code>@{ $bot } a red fox in the snow</code>
guest-first-visit = 👋 { $name }, to order here, open { brand-name } once: your wallet lives there. Then ask again in this chat.
guest-open-bot = Open { brand-name }
guest-no-models = No model can be ordered from here right now. Open the bot's private chat for all of them.
guest-not-yours = This is { $name }'s order: only they can use these buttons. Ask for your own: @{ $bot } and what to create.
guest-result-elsewhere = 🎨 For { $name }: the result is in their private chat with { brand-name }.
report-thanks = Thanks: the admins will look at it.
report-again = You've already reported this.
report-admin = ⚠️ <b>Report #{ $id }</b> · { $chat }
    Owner: { $owner } (<code>{ $ownerId }</code>) · { $model }
    “{ $prompt }”
report-button-remove = 🗑 Remove the post
report-button-ban = ⛔️ Ban the owner
report-button-dismiss = ✔️ Dismiss
report-remove-failed = The post couldn't be removed: it's over 48 hours old or already gone. Ban the owner or dismiss the report instead.
report-done = Done.
report-already = Another admin has already handled this report.
report-status-open = ⏳ Waiting for an admin.
report-status-removed = 🗑 The post was removed.
report-status-banned = ⛔️ The owner was banned.
report-status-dismissed = ✔️ Dismissed.
report-guest-card = a guest card (the bot asked by its name in a chat)
report-hidden-caption = 🚫 Removed by the admins.
report-status-hidden = 🗑 The post was hidden: Telegram lets no bot delete a guest card, so its picture is under a spoiler and its caption says it was removed.
reports-none = No open reports.
admin-command-reports = Reported posts in groups (admins)
admin-stats-reports = ⚠️ Reports from groups, last 30 days: { $reports }; waiting: { $open }
admin-audit-report-removed = removed a reported post of { $target } (report #{ $report })
admin-audit-report-banned = banned { $target } over report #{ $report }
admin-audit-report-dismissed = dismissed report #{ $report } about { $target }
admin-audit-example-added = added an example to model #{ $model } (the app's Models tab)
admin-audit-example-removed = removed an example of model #{ $model }
orders-in-group = { " " }· 👥 { $chat }
orders-details-group = 👥 Made in the group { $chat }; its buttons are there.
admin-audit-group-enabled = turned generations on in group { $chat }
admin-audit-group-disabled = turned generations off in group { $chat }
admin-audit-group-cap-set = set the daily cap of group { $chat } to { $cap } (0: none)

# ── Control room: groups ──
miniapp-tab-groups = Groups
miniapp-groups-title = Groups
miniapp-groups-mode-off = Groups are off (GROUPS=off): the bot leaves groups it is added to.
miniapp-groups-mode-allowlist = Groups on request (GROUPS=allowlist): a group takes orders once it is turned on, here or with /group on in the group.
miniapp-groups-mode-on = Groups are on (GROUPS=on): every group the bot is in takes orders, unless it is turned off here or with /group off in the group.
miniapp-groups-empty = Add the bot to a group, then it shows here.
miniapp-groups-left = bot left
miniapp-groups-chat-id = Chat ID: { $id }
miniapp-groups-open = Takes orders now
miniapp-groups-closed = Takes no orders
miniapp-groups-capped = Today's cap reached
miniapp-groups-used-today = Generations today: { $used }
miniapp-groups-cap-now = Daily cap: { $cap }
miniapp-groups-no-cap = No daily cap
miniapp-groups-switch = Orders in this group
miniapp-groups-on = On
miniapp-groups-off = Off
miniapp-groups-default = Default
miniapp-groups-default-off = Default: as GROUPS=off says, no group takes orders.
miniapp-groups-default-allowlist = Default: as GROUPS=allowlist says, the group takes no orders until it is turned on.
miniapp-groups-default-on = Default: as GROUPS=on says, the group takes orders.
miniapp-groups-cap = Daily cap (empty: no cap)
miniapp-groups-save = Save
miniapp-groups-saved = Saved.
miniapp-groups-invalid = Not saved: fix the marked field.
miniapp-groups-fix-cap = Enter a whole number from 1 to { $max }, or leave the field empty for no cap.
miniapp-groups-fix-other = Some values weren't accepted. Reload the page and try again.
miniapp-groups-unknown = The bot no longer knows this group. Reload the page.
admin-audit-group-default = set group { $chat } back to the default (as GROUPS says)

# ── Control room: reports ──
miniapp-reports-title = Reports
miniapp-reports-figures = Reports in the last 30 days: { $reports } · waiting: { $open }
miniapp-reports-empty = No open reports. When a member reports a result, it shows up here and we message the admins.
miniapp-reports-more = These are the newest { $shown } open reports. Resolve them to see older ones.
miniapp-reports-id = Report #{ $id }
miniapp-reports-group = Group: { $title }
miniapp-reports-group-unknown = Group: chat ID { $id }
miniapp-reports-guest-card = Guest card (the bot asked by its name in a chat)
miniapp-reports-owner = Owner: { $name }, ID { $id }
miniapp-reports-owner-id = Owner: ID { $id }
miniapp-reports-model = Model: { $model }
miniapp-reports-no-description = No description
miniapp-reports-reporters = Reports of this result: { $count }
miniapp-reports-remove = Remove the post
miniapp-reports-ban = Ban the owner
miniapp-reports-dismiss = Dismiss
miniapp-reports-already = This report had already been resolved, so we changed nothing.
miniapp-reports-outcome-removed = Report #{ $id }: the post was removed.
miniapp-reports-outcome-hidden = Report #{ $id }: the guest card was hidden. Telegram lets no bot delete one, so its picture is under a spoiler and its caption says the admins removed it.
miniapp-reports-outcome-banned = Report #{ $id }: the owner was banned.
miniapp-reports-outcome-dismissed = Report #{ $id }: dismissed.
miniapp-reports-remove-failed = The post couldn't be removed: it's over 48 hours old or already gone. Ban the owner or dismiss the report instead.
miniapp-reports-owner-admin = The owner is one of the bot's admins, and admins can't be banned. Remove the post or dismiss the report instead.
miniapp-reports-unknown = This report no longer exists. Reload the page.
miniapp-reports-failed = We couldn't complete that. Reload the page to see where the report stands.

## Customer app (issue 43): the page's frame. One line each, { $variable } placeables only.
app-title = My results
app-loading = Loading…
app-error = Something went wrong. Please try again.
app-retry = Try again
app-open-from-bot-title = Open this from the bot
app-open-from-bot = This page works inside Telegram: open it from the bot's menu button.
app-forbidden = This bot isn't available to you.
app-coming-soon = Coming soon.
app-tab-results = Results
app-tab-models = Models
app-tab-wallet = Wallet

## Customer app: the Results tab (gallery, viewer, sharing). One line each.
app-gallery-search = Search your descriptions
app-gallery-search-go = Search
app-gallery-search-clear = Clear
app-gallery-all-models = All models
app-gallery-kind-all = All
app-gallery-kind-image = Pictures
app-gallery-kind-video = Videos
app-gallery-video = ▶ Video
app-gallery-favourites = ★ Favourites
app-gallery-favourite = In favourites
app-gallery-no-favourites = No favourites yet. Open a result and tap ☆ to keep it here.
app-gallery-more = Load more
app-gallery-empty-title = No results yet
app-gallery-empty = Your pictures and videos will appear here as soon as we deliver them. Tell us in the chat what you'd like to create.
app-gallery-open-bot = Create in the chat
app-gallery-none-found = Nothing matches. Try other words or another filter.
app-gallery-reset = Show everything
app-gallery-one-result = The result you opened from the chat.
app-gallery-show-all = All results
app-viewer-back = Back
app-viewer-favourite-off = ☆ Add to favourites
app-viewer-favourite-on = ★ In favourites
app-viewer-download = Download
app-viewer-share = Share to a chat
app-viewer-story = Share to story
app-viewer-again = Again
app-viewer-change = Change
app-viewer-use = Use as input
app-viewer-gone = This file is no longer available. We can make it again for you.
app-viewer-share-failed = We couldn't prepare this for sharing. Please try again.
app-viewer-no-description = No description
app-viewer-delivered = Delivered { $date }
app-viewer-story-link = Create yours

## Customer app: the Models and Wallet tabs. One line each.
app-price-from = from { $amount }
app-price-quoted = We quote the exact price when you order.
app-model-create = Create
app-model-locked = 🔒 Opens after paid generations: { $have } of { $needed } so far.
app-models-unavailable = The model list is temporarily unavailable. Please try again in a few minutes.
app-models-none = No models are available right now. Please try again later.
app-models-filter = Filter by type
app-models-plan-note = Your plan pays first: { $amount } left this period.
app-type-all = All
app-type-image = 🖼 Images
app-type-video = 🎬 Videos
app-type-upscale = 🔍 Upscale
app-type-remove-bg = ✂️ Remove background
app-type-other = 🧩 Other
app-takes-text = ✍️ Description
app-takes-text-optional = ✍️ Description (optional)
app-takes-photos = 🖼 Photos: { $count }
app-takes-photos-up-to = 🖼 Photos: up to { $max }
app-takes-photos-range = 🖼 Photos: { $min }–{ $max }
app-takes-videos = 🎬 Videos: { $count }
app-takes-videos-up-to = 🎬 Videos: up to { $max }
app-takes-videos-range = 🎬 Videos: { $min }–{ $max }
app-takes-files = 📎 Files: { $count }
app-takes-files-up-to = 📎 Files: up to { $max }
app-takes-files-range = 📎 Files: { $min }–{ $max }
app-wallet-off = Payments aren't enabled in this bot: generations are free here.
app-wallet-balance = Your balance
app-wallet-paid = Bought Stars
app-wallet-granted = Gifts and bonuses
app-wallet-plan = Plan { $name }
app-wallet-plan-renews = Plan Stars can be spent until { $date }, when Telegram renews the plan.
app-wallet-plan-ends = Plan Stars can be spent until { $date }, when the plan ends.
app-wallet-spending-order = We spend plan Stars first, then gifts and bonuses, then bought Stars.
app-wallet-topup = Top up
app-wallet-plans = Subscriptions
app-wallet-plan-terms = { $allowance } every 30 days for { $price }
app-wallet-subscribe = Subscribe for { $price }
app-wallet-plans-rules = Plan Stars are spent before your other Stars and expire at the end of each 30-day period. You can cancel any time in /subscription.
app-wallet-already-subscribed = You already have an active plan: see /subscription in the chat.
app-wallet-too-fast = Too many taps in a row. Please wait a minute and try again.
app-wallet-invoice-failed = We couldn't open the payment. Please try again.
app-wallet-history = Latest movements
app-wallet-history-empty = No movements yet.
app-wallet-what-topup = Top-up
app-wallet-what-welcome = Welcome bonus
app-wallet-what-grant = Gift from the team
app-wallet-what-hold = Order: { $model }
app-wallet-what-capture = Order: { $model }
app-wallet-what-release = Returned: { $model }
app-wallet-what-charge = Order: { $model } (files sent again)
app-wallet-what-refund = Top-up refunded
app-wallet-what-refund-undo = Refund cancelled
app-wallet-what-telegram-refund = Payment refunded by Telegram
app-wallet-what-promo = Promo code
app-wallet-what-referral = Reward for inviting a friend
app-wallet-what-allowance = Subscription Stars
app-wallet-what-allowance-expire = Subscription Stars expired
app-wallet-what-allowance-clawback = Spent subscription Stars of a refunded payment
app-promo-title = Promo code
app-promo-placeholder = Enter your code
app-promo-apply = Apply
app-promo-redeemed = 🎉 Promo code accepted: +{ $amount }! Your balance: { $balance }.
app-promo-unknown = There's no such promo code. Check the spelling and try again.
app-promo-used-up = This promo code has already been used up.
app-promo-expired = This promo code has expired.
app-promo-disabled = This promo code is no longer active.
app-promo-already = You've already redeemed this promo code: each code works once per person.
app-promo-throttled = Too many wrong codes in a row. Please wait a few minutes and try again.
app-invite-title = Invite friends
app-invite-bonus = 🎁 { $amount } when a friend first gets a result paid with Stars they bought
app-invite-percent = 💫 { $percent }% of the bought Stars a friend spends on results in the first { $days } days after joining
app-invite-cap = Up to { $amount } a day. Rewards come as gift Stars: you can spend them on orders, but they can't be refunded.
app-invite-copy = Copy
app-invite-copied = Link copied.
app-invite-copy-failed = We couldn't copy it: press and hold the link to copy it yourself.
app-invite-share = Share
app-invite-stats = Joined: { $joined } · topped up: { $paid } · you've earned { $earned }
app-invite-stats-no-rewards = Joined: { $joined } · topped up: { $paid }
