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
