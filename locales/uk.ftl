# Терміни (однакові в усіх текстах; правила ті самі, що в en.ftl і ru.ftl):
# - «опис» — те, що клієнт пише для генерації. «Промпт» і «готові промпти» — лише
#   для бібліотеки готових промптів.
# - «зображення» і «відео» — те, що створює бот; «фото» і «відео» — те, що надсилає клієнт.
# - «замовлення» — підтверджена генерація; «зірки» і «⭐ N» — суми в зірках.
# - Гроші: «списано», «буде списано» — лише при BILLING=stars (вибір за -setup.billing). Зірки
#   списуються, лише коли результат дійшов до клієнта, інакше повертаються.
# - Кнопки називаємо в лапках-ялинках, як на самій кнопці: натисніть «Пропустити».
# - Голос бота нейтральний: без «я» і без дієслів минулого часу з родом («зрозумів», «знайшов»);
#   ввічливе «ви» (з малої літери).
# - «адмін» (не «адміністратор»).
# - Нерозривний пробіл перед одиницями і після знаків: 25,3 МБ, 12 с, 5 хв, 2 год, 10 %, № 12, ⭐ 50.
#   Десяткова кома в числах у тексті: 12,5.
# - Лапки — «ялинки»; тире — довге, з пробілами ( — ).
# - Множина за категоріями CLDR: one (1, 21), few (2–4, 22), many (0, 5–20), other (дроби: 0,5).
# - Напрямок: стрілки (◀️ ▶️ ➡️ →) пишуться тут, не в коді, щоб мова з письмом справа наліво
#   розвернула їх у своєму файлі.

# Задається ботом під час запуску (src/bot/i18n.ts): .billing = stars при BILLING=stars, .support =
# contact, якщо задано SUPPORT_CONTACT (тоді тексти закінчуються рядком із контактом).
-setup = setup
    .billing = off
    .support = none

# ── Загальне ────────────────────────────────────────────
brand-name = AI Studio
sandbox-badge = 🧪 Тестовий режим: генерації імітуються й нічого не коштують.
error-generic = 😔 У нас щось пішло не так. Спробуйте ще раз за хвилину.
error-stale-button = Ця кнопка вже неактивна.
button-back = ◀️ Назад
button-main-menu = 🏠 Головне меню
button-retry = 🔁 Спробувати ще раз

# ── /start і головне меню ───────────────────────────────
start-welcome =
    👋 Привіт, { $name }!

    Вітаємо в <b>{ brand-name }</b>: тут ваші ідеї перетворюються на зображення й відео за допомогою найкращих моделей ШІ.

    Оберіть, що хочете зробити:
start-welcome-bonus = 🎁 На ваш гаманець зараховано { $amount } — спробуйте генерацію за наш рахунок.
menu-title = Що хочете зробити?
menu-language = 🌐 Мова
menu-help = ❓ Довідка

# ── /language ───────────────────────────────────────────
# Назва цієї мови нею самою, з прапором (/language перелічує всі встановлені).
language-name = 🇺🇦 Українська
language-choose = 🌐 <b>Мова й підпис до результатів</b>
language-changed = ✅ Мову змінено на українську.

# ── /help ───────────────────────────────────────────────
help-text =
    <b>{ brand-name }: як це працює</b>

    1. Натисніть «🎨 Створити» або надішліть /generate і оберіть модель. Готові промпти, з яких можна почати, — у /prompts.
    2. Надішліть опис, а якщо модель просить, — ще й фото чи відео.
    3. { $billing ->
        [stars] Перевірте ціну в зірках і натисніть «Підтвердити». Зірки резервуються й списуються, лише коли результат дійшов до вас; якщо замовлення не вдалося або його скасовано, вони повернуться.
        [prices] Перевірте налаштування й натисніть «Підтвердити». Для вас генерації безплатні; у замовленні видно, скільки воно коштує боту.
       *[free] Перевірте налаштування й натисніть «Підтвердити». Генерації безплатні.
    }
    4. Результат прийде просто в цей чат. Усі замовлення — у /orders: там можна знову отримати файли, поки вони зберігаються (термін видно в замовленні).{ $wallet }

    <b>Команди</b>
    { $commands }

# ── /cancel ─────────────────────────────────────────────
cancel-done = ✖️ Скасовано. Нічого не замовлено.
cancel-nothing = Скасовувати нічого.

# ── Відповідь на незрозуміле ────────────────────────────
unhandled-text = Не вдалося розібрати повідомлення. Натисніть «🏠 Головне меню» або надішліть /help.
unhandled-callback = Ця кнопка вже не працює. Надішліть /start, щоб відкрити меню.

# ── Список команд у Telegram ────────────────────────────
command-start = Головне меню
command-language = Мова й налаштування
command-help = Як це працює
command-cancel = Перервати поточну дію

# ── Генерація: вибір моделі ─────────────────────────────
menu-generate = 🎨 Створити
command-generate = Створити зображення чи відео
gen-choose-type = 🎨 Що створюємо?
gen-choose-model = { $type }: оберіть модель
gen-no-models = Зараз немає доступних моделей. Спробуйте пізніше.
gen-catalog-unavailable = ⏳ Список моделей тимчасово недоступний: не вдається зв’язатися із сервісом генерації. Спробуйте за кілька хвилин.
gen-model-unavailable = Ця модель більше недоступна. Оберіть іншу нижче.
price-from = від { $amount }
model-type-image = 🖼 Зображення
model-type-video = 🎬 Відео
model-type-upscale = 🔍 Покращення якості
model-type-remove-bg = ✂️ Видалення фону
model-type-other = 🧩 Інше

# ── Генерація: форма ────────────────────────────────────
button-cancel = ✖️ Скасувати
button-skip = ⏭ Пропустити
button-done = ✅ Готово
button-continue = ➡️ Продовжити
gen-started = Ви обрали <b>{ $model }</b>. Налаштуймо генерацію. Перервати можна будь-коли — командою /cancel.
gen-cancelled = ✖️ Скасовано. Нічого не замовлено.
gen-prompt-ask = ✍️ Опишіть, що хочете отримати.{ $limits }
gen-prompt-ask-optional = ✍️ Опишіть, що хочете отримати, або натисніть «Пропустити».{ $limits }
gen-prompt-limit = { " " }До { $max } { $max ->
    [one] символу
    [few] символів
    [many] символів
   *[other] символу
  }.
gen-prompt-expected-text = Будь ласка, надішліть опис текстовим повідомленням.
gen-prompt-media-first = Спершу, будь ласка, опис текстом: фото й відео знадобляться на наступному кроці.
gen-prompt-text-only = Цій моделі потрібен лише текстовий опис — надішліть його повідомленням.
gen-prompt-caption-used = 📝 Підпис до файлу збережено як опис. Сам файл знадобиться на наступному кроці — тоді надішліть його ще раз.
gen-prompt-caption-no-media = 📝 Підпис до файлу збережено як опис. Ця модель працює лише з описом, тож сам файл не знадобиться.
gen-prompt-too-long = Опис задовгий: { $length } { $length ->
    [one] символ
    [few] символи
    [many] символів
   *[other] символу
  }, а ця модель приймає щонайбільше { $max }. Скоротіть його й надішліть ще раз.
gen-prompt-too-short = Опис закороткий: потрібно щонайменше { $min } { $min ->
    [one] символ
    [few] символи
    [many] символів
   *[other] символу
  }.
gen-media-kind-image = фото
gen-media-kind-video = відео
gen-media-kind-any = фото чи відео
gen-media-count-exact = надішліть { $n ->
    [1] одне
    [one] { $n }
    [few] { $n }
    [many] { $n }
   *[other] { $n }
  } { $kind ->
    [image] фото
    [video] відео
   *[any] фото чи відео
  }
gen-media-count-range = надішліть від { $min } до { $max } { $kind ->
    [image] фото
    [video] відео
   *[any] фото чи відео
  }
gen-media-count-optional = надішліть { $max ->
    [1] одне
    [one] до { $max }
    [few] до { $max }
    [many] до { $max }
   *[other] до { $max }
  } { $kind ->
    [image] фото
    [video] відео
   *[any] фото чи відео
  } або натисніть «Пропустити»
gen-media-ask =
    📎 <b>{ $what }</b>: { $mode ->
        [exact] { gen-media-count-exact }
        [range] { gen-media-count-range }
       *[optional] { gen-media-count-optional }
    }.
    Формати: { $formats }.{ $kind ->
        [video] { "" }
       *[other] { " " }Щоб зберегти початкову якість, надсилайте фото файлом.
    }
gen-media-expected-file = Будь ласка, надішліть сюди { $kind } або скористайтеся кнопками.
gen-media-uploading = ⏳ Завантажуємо файл…
gen-media-received = ✅ Отримано { $count } з { $max }. Надішліть ще або натисніть «Готово».
gen-media-received-more = ✅ Отримано { $count } з { $max }. Надішліть ще щонайменше { $left }.
gen-media-received-full = ✅ Отримано { $count } з { $max } — більше на цьому кроці не потрібно. Натисніть «Готово», щоб продовжити.
gen-media-received-one = ✅ Отримано.
gen-media-failed = ⚠️ Не вдалося прийняти файл.
gen-media-relay-too-big-for-telegram = Telegram дозволяє ботам завантажувати файли лише до 20 МБ. Надішліть менший файл.
gen-media-relay-telegram-download-failed = Не вдалося отримати його з Telegram. Надішліть файл ще раз.
gen-media-relay-upload-failed = Файл не завантажився. Надішліть його ще раз.
gen-media-relay-upload-not-ready = Файл ще обробляється. Надішліть його знову за хвилину.
gen-media-relay-content-mismatch = Його вміст не відповідає назві: наприклад, це документ із розширенням .jpg, який насправді не фото. Будь ласка, надішліть справжнє фото чи відео.
gen-media-upload-stopped = ✖️ Завантаження зупинено.
media-input-image = Фото
media-input-video = Відео
media-input-character-image = Фото з обличчям, яке потрібно перенести
media-input-target-image = Фото, куди вставити обличчя
media-problem-unsupported-type = ⚠️ Такий тип файлу тут не підходить. Допустимі формати: { $formats }.
media-problem-too-many = ⚠️ Цей файл уже зайвий: на цьому кроці можна надіслати щонайбільше { $max } { $max ->
    [one] файл
    [few] файли
    [many] файлів
   *[other] файлу
  }. Натисніть «Готово», щоб продовжити.
media-problem-too-big-for-telegram = ⚠️ Файл важить { $size } МБ, а Telegram дозволяє ботам завантажувати щонайбільше { $limit } МБ. Надішліть менший файл або стисніть його.
media-problem-too-big = ⚠️ Файл важить { $size } МБ, а ця модель приймає щонайбільше { $limit } МБ. Надішліть менший файл.
media-problem-video-too-long = ⚠️ Відео триває { $seconds } с, а ця модель приймає щонайбільше { $limit } с. Обріжте його й надішліть знову.
media-problem-video-too-short = ⚠️ Відео триває { $seconds } с, а цій моделі потрібно щонайменше { $limit } с. Надішліть довше відео.
media-problem-dimensions = ⚠️ Розмір файлу — { $width }×{ $height } пікс. Кожна сторона має бути від { $min } до { $max } пікс.
media-problem-dimensions-min = ⚠️ Розмір файлу — { $width }×{ $height } пікс. Кожна сторона має бути щонайменше { $min } пікс.
media-problem-dimensions-max = ⚠️ Розмір файлу — { $width }×{ $height } пікс. Кожна сторона має бути щонайбільше { $max } пікс.
media-problem-pixels = ⚠️ Роздільна здатність файлу не підходить цій моделі: надто мало або надто багато пікселів. Надішліть файл іншого розміру.
media-problem-aspect-ratio = ⚠️ Співвідношення сторін файлу — { $ratio } (ширина до висоти), а ця модель приймає від { $min } до { $max }. Обріжте файл і надішліть знову.
media-problem-aspect-ratio-min = ⚠️ Співвідношення сторін файлу — { $ratio } (ширина до висоти), а ця модель приймає співвідношення щонайменше { $min }. Обріжте файл і надішліть знову.
media-problem-aspect-ratio-max = ⚠️ Співвідношення сторін файлу — { $ratio } (ширина до висоти), а ця модель приймає співвідношення щонайбільше { $max }. Обріжте файл і надішліть знову.
gen-options-title = ⚙️ <b>Налаштування</b>. Щоб змінити параметр, натисніть на нього. Якщо все гаразд — «Продовжити».
gen-option-choose = <b>{ $name }</b> — оберіть значення.{ $hint }
gen-option-type-number = { " " }Або введіть число від { $min } до { $max }.
gen-option-type-number-min = { " " }Або введіть число, не менше ніж { $min }.
gen-option-type-number-max = { " " }Або введіть число, не більше ніж { $max }.
gen-option-type-number-any = { " " }Або введіть число.
gen-option-type-text = { " " }Напишіть значення повідомленням.
gen-options-use-buttons = Будь ласка, оберіть налаштування кнопками вище.
gen-options-missing = Потрібно вказати: { $names }
gen-option-invalid-not-a-number = Будь ласка, надішліть число.
gen-option-invalid-not-an-integer = Будь ласка, надішліть ціле число.
gen-option-invalid-below-min = Значення має бути не менше ніж { $min }.
gen-option-invalid-above-max = Значення має бути не більше ніж { $max }.
gen-option-invalid-off-step = Таке значення не підходить. Оберіть одну з кнопок.
gen-option-invalid-empty = Будь ласка, надішліть значення.
option-duration = Тривалість
option-resolution = Роздільна здатність
option-aspect-ratio = Співвідношення сторін
option-output-format = Формат
option-upscale-factor = Ступінь збільшення
option-num-images = Кількість зображень
option-value-yes = Так
option-value-no = Ні
option-value-seconds = { $n } с
option-value-unset = не задано
option-value-adaptive = Авто
option-value-auto = Авто
gen-pricing = ⏳ Рахуємо точну ціну…
gen-preparing = ⏳ Готуємо замовлення…
gen-try-again-later = Спробуйте пізніше або оберіть іншу модель.

# ── Генерація: замовлення з ціною ───────────────────────
summary-title = 🧾 <b>Перевірте замовлення</b>
summary-model = Модель: <b>{ $model }</b>
summary-prompt = Опис: <i>{ $prompt }</i>
summary-media = { $input }: { $count }
summary-option = { $name }: { $value }
summary-price = 💰 Ціна: <b>{ $price }</b>
summary-cost = 💸 Вартість для бота: <b>{ $price }</b> (для вас безплатно)
summary-quote-note = Ціна дійсна до { $time }.
button-confirm = ✅ Підтвердити · { $price }
button-change-options = ⚙️ Налаштування
order-submitting = Оформлюємо замовлення…
order-price-outdated = Ціна змінилася. Перевірте нову ціну й підтвердьте ще раз.
order-requoted = { -setup.billing ->
    [stars] ⚠️ Ціна змінилася: була { $old }, стала { $new }. Нічого не списано — підтвердьте нову ціну.
   *[other] ⚠️ Ціна змінилася: була { $old }, стала { $new }. Підтвердьте нову ціну.
  }
order-refused = { -setup.billing ->
    [stars] ⚠️ Не вдалося оформити замовлення. Нічого не списано.
   *[other] ⚠️ Не вдалося оформити замовлення.
  }
order-pending = { -setup.billing ->
    [stars] ⏳ Сервіс генерації зараз не відповідає. Нічого не втрачено: натисніть «Підтвердити» ще раз за хвилину — друге замовлення не створиться, і двічі нічого не буде списано.
   *[other] ⏳ Сервіс генерації зараз не відповідає. Нічого не втрачено: натисніть «Підтвердити» ще раз за хвилину — друге замовлення не створиться.
  }
order-closed = Це замовлення вже закрите, підтвердити його не можна. Нове можна почати кнопкою нижче.
order-status-queued = Замовлення оформлено, воно чекає в черзі
order-status-processing = Триває генерація…
order-status-completed = Готово!
order-status-failed = Генерація не вдалася
order-status-cancelled = Замовлення скасовано
order-cost = 💸 Вартість для бота: { $price }

# ── Помилки сервісу, зрозумілими словами ────────────────
upstream-detail = Відповідь сервісу (англійською): { $detail }
upstream-error-unauthorized = Сервіс налаштовано неправильно. Ми вже знаємо про це — спробуйте пізніше.
upstream-error-model-not-found = Ця модель більше недоступна. Оберіть іншу.
upstream-error-order-not-found = Замовлення не знайдено.
upstream-error-cannot-cancel = Це замовлення вже не можна скасувати.
upstream-error-not-ready = Замовлення ще передається в роботу — скасувати його можна буде за кілька секунд.
upstream-error-cancel-pending = Скасування запитано, чекаємо на підтвердження.
upstream-error-cancel-failed = Скасувати ще не вдалося. Спробуйте за кілька секунд.
upstream-error-file-not-found = Один із завантажених файлів більше недоступний. Надішліть його ще раз.
upstream-error-file-expired = Термін зберігання завантажених файлів минув: вони зберігаються 24 години. Надішліть їх ще раз.
upstream-error-upload-processing = Файли ще обробляються. Спробуйте за кілька секунд.
upstream-error-validation-error = Модель не може прийняти такі налаштування або файли.
upstream-error-prompt-required = Цій моделі потрібен опис.
upstream-error-media-required = Цій моделі потрібне фото чи відео.
upstream-error-too-many-media = Забагато файлів для цієї моделі.
upstream-error-invalid-media-type = Один із файлів не підходить для цієї моделі.
upstream-error-insufficient-balance = { -setup.billing ->
    [stars] Сервіс тимчасово не приймає замовлення. Нічого не списано — спробуйте пізніше.
   *[other] Сервіс тимчасово не приймає замовлення. Спробуйте пізніше.
  }
upstream-error-too-many-active-orders = { -setup.billing ->
    [stars] Сервіс генерації зараз перевантажений. Нічого не списано — спробуйте ще раз за кілька хвилин.
   *[other] Сервіс генерації зараз перевантажений. Спробуйте ще раз за кілька хвилин.
  }
upstream-error-server-busy = Сервіс зараз зайнятий. Спробуйте за хвилину.
upstream-error-idempotency-conflict = { -setup.billing ->
    [stars] Це замовлення вже надсилалося з іншими даними, тому повторити його не можна. Нічого не списано — почніть нове через /generate.
   *[other] Це замовлення вже надсилалося з іншими даними, тому повторити його не можна. Почніть нове через /generate.
  }
upstream-error-internal-error = У сервісі генерації сталася внутрішня помилка. Спробуйте пізніше.
upstream-error-deposit-required = Бібліотека готових промптів наразі недоступна.
upstream-error-price-quote-required = Ціну потрібно перерахувати. Спробуйте ще раз.
upstream-error-price-quote-changed = Ціна змінилася. Перевірте нову ціну.
upstream-error-price-quote-expired = Термін дії ціни минув. Перевірте нову ціну.
upstream-error-network-error = Сервіс генерації зараз недоступний.
upstream-error-timeout = Сервіс генерації надто довго не відповідає.
upstream-error-bad-response = Сервіс генерації надіслав неочікувану відповідь.
upstream-error-unknown = У сервісі генерації щось пішло не так. Спробуйте пізніше.

# ── Замовлення (відстеження) ──
menu-orders = 📋 Мої замовлення
command-orders = Ваші замовлення та їхні результати
tracking-duration-seconds = { $s } с
tracking-duration-minutes = { $m } хв { $s } с
tracking-duration-hours = { $h } год { $m } хв
tracking-elapsed = Минуло: { $duration }
tracking-wait-hint = Чекати тут не обов’язково: результат прийде в цей чат.
tracking-button-cancel = ✖️ Скасувати генерацію
tracking-cancel-requested = ⏳ Скасування запитано, чекаємо на підтвердження…
tracking-status-lost = Замовлення не знайдено
tracking-lost = { -setup.billing ->
    [stars] Сервіс генерації вже не може знайти це замовлення, тому відстежити його й надіслати результат не вийде. Зірки повернуться в гаманець. Натисніть «🔁 Спробувати ще раз», щоб оформити його знову з тими самими даними.
   *[other] Сервіс генерації вже не може знайти це замовлення, тому відстежити його й надіслати результат не вийде. Натисніть «🔁 Спробувати ще раз», щоб оформити його знову з тими самими даними.
  }
tracking-failed = Сервісу генерації не вдалося виконати це замовлення. Можна спробувати ще раз із тим самим описом, файлами й налаштуваннями.
tracking-detail = Відповідь сервісу (англійською): { $detail }
tracking-button-retry = 🔁 Спробувати ще раз
tracking-cancelled = Генерацію зупинено.
tracking-kept-until = 📁 Файли зберігаються до { $date }. Збережіть їх або до цієї дати отримайте ще раз через /orders.
tracking-no-files = ⚠️ Сервіс виконав замовлення, але не надіслав жодного файлу.
tracking-files-expired = ⚠️ Термін зберігання файлів уже минув, надіслати їх не вдалося.
tracking-files-partly-expired = ⚠️ Термін зберігання частини файлів уже минув, їх надіслати не вдалося.
tracking-files-as-links = ⚠️ Telegram не прийняв частину файлів, тому їх надіслано посиланнями для завантаження.
tracking-files-failed = ⚠️ Частину файлів надіслати не вдалося. Їх можна отримати ще раз через /orders.
tracking-links-title = 🔗 Посилання для завантаження:
tracking-link = Файл { $n }
tracking-originals-caption = 📎 Початкова якість, без стиснення
order-cancel-sending = ⏳ Скасовуємо…
order-cancel-not-ready = Замовлення ще передається в роботу — скасувати його можна буде за кілька секунд.
order-cancel-too-late = Це замовлення вже завершено, скасувати його не можна.
order-cancel-unsupported = Цю модель не можна зупинити після початку генерації.
order-cancel-failed = Скасувати не вдалося. Спробуйте ще раз за кілька секунд.
order-cancel-finished = Це замовлення вже завершено.
orders-title = 📋 <b>Ваші замовлення</b>
orders-button-app = 🖼 Усі мої результати
orders-page = Сторінка { $page } з { $pages }
orders-empty = У вас ще немає замовлень. Натисніть «Створити», щоб оформити перше.
orders-line = { $n }. { $icon } <b>{ $model }</b> · { $status } · { $price } · { $date }
orders-price-held = { $price } у резерві
orders-price-returned = ↩️ { $price } повернуто
orders-status-queued = у черзі
orders-status-processing = генерується
orders-status-completed = виконано
orders-status-failed = не вдалося
orders-status-cancelled = скасовано
orders-status-lost = не знайдено
orders-button-prev = ◀️ Новіші
orders-button-next = Давніші ▶️
orders-details-title = 🧾 <b>Замовлення від { $date }</b>
orders-details-status = Статус: { $status }
orders-details-finished = Завершено: { $date }
orders-details-kept-until = Файли зберігаються до: { $date }
orders-details-expired = Файли були доступні до { $date }.
orders-button-resend = 📥 Надіслати файли ще раз
orders-resend-started = Надсилаємо файли…
orders-resend-expired = Термін зберігання файлів цього замовлення минув, надіслати їх більше не можна.
orders-retry-files-expired = Термін зберігання файлів, які ви надсилали для цього замовлення, минув: вони зберігаються 24 години. Надішліть їх, будь ласка, ще раз.

# ── Адмін ──
admin-command-balance = Баланс Reseller API (для адмінів)
admin-command-stats = Статистика (для адмінів)
admin-balance =
    💰 <b>Баланс Reseller API:</b> { $balance }
    Адміни отримають попередження, якщо він стане меншим за { $threshold }.
admin-balance-low = ⚠️ Баланс нижчий за поріг: поповніть, будь ласка, рахунок Reseller.
admin-checked-at = <i>Перевірено { $time }.</i>
admin-balance-error = ⚠️ Не вдалося отримати баланс із Reseller API: { $error }. Поріг для попередження: { $threshold }.
admin-button-refresh = 🔄 Оновити
admin-stats-title = 📊 <b>Статистика</b>, { $time }
admin-stats-periods = <i>Періоди: «сьогодні» — з { $start }; 7 і 30 днів — разом із сьогоднішнім.</i>
admin-stats-users =
    👥 <b>Користувачі:</b> { $total }
    Нових: { $today } сьогодні, { $week } за 7 днів
    Активних за 7 днів: { $active }
admin-stats-orders-title = 📦 <b>Замовлення</b> (✅ виконані · ❌ не вдалися · 🚫 скасовані · ⏳ у роботі)
admin-stats-orders-line = { $period }: { $total } (✅ { $completed } · ❌ { $failed } · 🚫 { $cancelled } · ⏳ { $active })
admin-stats-period-today = Сьогодні
admin-stats-period-week = 7 днів
admin-stats-period-month = 30 днів
admin-stats-spent-title = 💸 <b>Витрати на Reseller API</b> (виконані замовлення)
admin-stats-spent-line = { $period }: { $amount }
admin-stats-top-title = 🏆 <b>Популярні моделі за 30 днів</b>
admin-stats-top-line = { $n }. { $model }: { $orders } { $orders ->
    [one] замовлення
    [few] замовлення
    [many] замовлень
   *[other] замовлення
}
admin-stats-top-empty = Замовлень ще немає.
admin-stats-active = ⏳ <b>Зараз у роботі:</b> { $total } (у черзі { $queued }, генеруються { $processing })
admin-alert-low-balance =
    ⚠️ <b>Закінчуються гроші на рахунку Reseller API:</b> { $balance } (поріг { $threshold }).
    Поповніть, будь ласка, рахунок: коли гроші закінчаться, замовлення клієнтів перестануть проходити.
admin-alert-unauthorized =
    🚨 <b>Reseller API не приймає API-ключ</b> (unauthorized).
    Замовлення не можна ні створити, ні відстежити. Перевірте RESELLER_API_KEY і перезапустіть бота.
admin-alert-insufficient-balance =
    💸 <b>Замовлення відхилено: на рахунку Reseller бракує грошей.</b>
    Клієнт хотів замовити { $model } і отримав відповідь, що сервіс тимчасово недоступний. Поповніть, будь ласка, рахунок.
admin-alert-upstream-down =
    🔴 <b>Reseller API не відповідає:</b> { $failures } { $failures ->
        [one] невдалий запит
        [few] невдалі запити
        [many] невдалих запитів
       *[other] невдалого запиту
    } поспіль за { $minutes } хв. Остання помилка: { $error }.
    Замовлення збережено: щойно сервіс запрацює, бот продовжить їх відстежувати.
admin-alert-upstream-recovered = 🟢 Reseller API знову відповідає (перерва близько { $minutes } хв).
admin-alert-unreadable-model =
    🧩 <b>Модель не вдалося прочитати, її прибрано з меню:</b> { $model }.
    Причина: { $reason }
    Решта моделей доступна як зазвичай.
admin-alert-charge-mismatch =
    💱 <b>Списано не стільки, скільки підтверджено:</b> замовлення на { $model } підтверджено за { $confirmed }, а Reseller API списав { $charged }.
    Список моделей перезавантажено, щоб нові замовлення показували актуальну ціну.
admin-alert-catalog-stale =
    📦 <b>Не вдалося завантажити список моделей із Reseller API:</b> { $error }.
    Бот показує останній збережений список: { $count } { $count ->
        [one] модель
        [few] моделі
        [many] моделей
       *[other] моделі
    }. Замовлення й далі надсилаються до API, а там вирішують, чи їх приймати.

# ── Бібліотека промптів ──
menu-prompts = 📚 Готові промпти
command-prompts = Готові промпти для зображень і відео
prompts-title = 📚 <b>Готові промпти</b>
prompts-intro = Готові ідеї для зображень і відео. Оберіть ту, що сподобається, — і генерація почнеться з уже заповненим описом.
prompts-type-image = 🖼 Зображення
prompts-type-video = 🎬 Відео
prompts-type-all = 📚 Усі
prompts-button-search = 🔎 Пошук
prompts-button-search-again = 🔎 Новий пошук
prompts-button-prev = ◀️ Попередні
prompts-button-next = Наступні ▶️
prompts-button-use = ✨ Використати промпт
prompts-choose-category = { $type }: оберіть категорію або знайдіть промпт за словами.
prompts-no-categories = { $type }: тут ще немає промптів.
prompts-category-header = { $type } · { $category }
prompts-search-header = 🔎 Пошук: <b>{ $query }</b>
prompts-search-ask = 🔎 Надішліть слово або коротку фразу для пошуку — до { $max } { $max ->
    [one] символу
    [few] символів
    [many] символів
   *[other] символу
  }. Шукаємо в назвах і текстах англійською та російською.
prompts-search-expected-text = Будь ласка, надішліть слова для пошуку текстовим повідомленням.
prompts-search-too-long = Задовгий запит: будь ласка, не більше { $max } { $max ->
    [one] символу
    [few] символів
    [many] символів
   *[other] символу
  }.
prompts-search-empty = Нічого не знайдено. Спробуйте інші слова — англійською чи російською.
prompts-empty = Тут ще немає промптів.
prompts-page = Сторінка { $page } з { $pages }
prompts-line = { $n }. <b>{ $title }</b>{ $note }
prompts-only-in = { $language ->
    [ru] (лише російською)
   *[en] (лише англійською)
  }
prompts-detail-title = ✨ <b>{ $title }</b>
prompts-detail-category = Категорія: { $category } · { $type }
prompts-detail-only-in = { $language ->
    [ru] 🌐 Цей промпт доступний лише російською.
   *[en] 🌐 Цей промпт доступний лише англійською.
  }
prompts-detail-cut = <i>Тут текст скорочено, але для генерації буде використано весь промпт.</i>
prompts-choose-model = Оберіть модель для цього промпту:
prompts-no-models = Зараз немає моделей, які можуть прийняти цей промпт. Спробуйте пізніше.
prompts-started = ✨ Опис узято з промпту «{ $title }».
prompts-too-long = Цей промпт задовгий для { $model }: у ньому { $length } { $length ->
    [one] символ
    [few] символи
    [many] символів
   *[other] символу
  }, а модель приймає щонайбільше { $max }. Надішліть власний коротший опис — ось початковий текст, щоб скопіювати й відредагувати:
prompts-too-short = Цей промпт закороткий для { $model }: потрібно щонайменше { $min } { $min ->
    [one] символ
    [few] символи
    [many] символів
   *[other] символу
  }. Надішліть власний опис — ось початковий текст, щоб скопіювати й відредагувати:
prompts-unavailable = 📚 Бібліотека готових промптів наразі недоступна. Натисніть «🎨 Створити» й опишіть свою ідею самостійно.
prompts-try-again = Спробуйте ще раз за кілька хвилин.
prompts-unavailable-admin = Для адмінів: бібліотека відкриється, коли загальна сума поповнень акаунта досягне { $required } USD (зараз { $deposited } USD).

# ── Власний бренд (white label) ──
access-private = { -setup.support ->
    [contact]
        🔒 Це закритий бот: користуватися ним можуть лише запрошені.
        Якщо вам потрібен доступ, напишіть власникові бота.
   *[other]
        🔒 Це закритий бот: користуватися ним можуть лише запрошені.
        Якщо вам потрібен доступ, зверніться до того, хто вас запросив.
  }
access-banned = ⛔️ Цей бот вам недоступний.
access-support = 💬 Підтримка: { $support }
limits-active-orders = { -setup.billing ->
    [stars] ⏳ Зараз у вас запущено забагато генерацій: одночасно — не більше { $max }. Замовлення збережено: натисніть «Підтвердити» ще раз, коли одна з генерацій завершиться. Нічого не списано.
   *[other] ⏳ Зараз у вас запущено забагато генерацій: одночасно — не більше { $max }. Замовлення збережено: натисніть «Підтвердити» ще раз, коли одна з генерацій завершиться.
  }
limits-daily-orders = { -setup.billing ->
    [stars] 📅 Денний ліміт вичерпано: { $max } { $max ->
        [one] замовлення
        [few] замовлення
        [many] замовлень
       *[other] замовлення
    } на день. Замовлення збережено: натисніть «Підтвердити» ще раз після { $reset }, коли ліміт оновиться. Нічого не списано.
   *[other] 📅 Денний ліміт вичерпано: { $max } { $max ->
        [one] замовлення
        [few] замовлення
        [many] замовлень
       *[other] замовлення
    } на день. Замовлення збережено: натисніть «Підтвердити» ще раз після { $reset }, коли ліміт оновиться.
  }
limits-daily-spend = 📅 Це замовлення коштує боту { $price }, а на ваші генерації сьогодні залишилося лише { $remaining } (денний бюджет — { $limit }). Замовлення збережено: натисніть «Підтвердити» ще раз після { $reset }, коли бюджет оновиться.
limits-daily-spend-free = 📅 Ліміт генерацій на сьогодні вичерпано. Замовлення збережено: натисніть «Підтвердити» ще раз після { $reset }, коли ліміт оновиться.
limits-daily-spend-stars = 💰 Це замовлення ({ $price }) перевищує денний ліміт витрат. Замовлення збережено: натисніть «Підтвердити» ще раз після { $reset }, коли ліміт оновиться. Нічого не списано.

# ── Гаманець у зірках (BILLING=stars) ──
stars-amount = ⭐ { $n }
command-wallet = Гаманець і поповнення зірками
command-paysupport = Допомога з оплатою
command-terms = Умови продажу
summary-wallet = 👛 У гаманці: { $balance }
wallet-title = 👛 <b>Ваш гаманець:</b> { $balance }
wallet-title-plan = 👛 <b>Ваш гаманець:</b> { $balance } (з них { $plan } — зірки підписки, до { $date })
wallet-empty-history = Операцій ще немає.
wallet-history-title = <b>Останні операції</b>
wallet-history-line = { $date } · { $amount } · { $what }
wallet-what-topup = поповнення
wallet-what-welcome = вітальний бонус
wallet-what-grant = подарунок від команди
wallet-what-hold = замовлення: { $model }
wallet-what-release = повернення: { $model }
wallet-what-refund = поповнення повернуто
wallet-what-refund_undo = повернення скасовано
wallet-what-capture = замовлення: { $model }
wallet-choose-pack = Оберіть, скільки зірок додати. Оплата — зірками Telegram просто в цьому чаті.
wallet-button-pack = ➕ { $amount }
wallet-invoice-title = { $amount } на генерації
wallet-invoice-description = Поповнення гаманця в { brand-name } на { $amount }. Зірки списуються, лише коли результат доставлено: якщо генерація не вдалася або її скасовано, вони повернуться.
wallet-invoice-label = Поповнення гаманця
referral-reward-earned = 👥 Друг, якого ви запросили, отримав генерацію в боті, і вам за це нараховано { $amount }. Баланс: <b>{ $balance }</b>.
wallet-credited = ✅ На гаманець зараховано { $amount }. Баланс: <b>{ $balance }</b>.
wallet-credited-order = Ваше замовлення чекає: натисніть кнопку нижче, щоб оформити його.
card-topup = 🎨 Ваше замовлення з чату: <b>{ $model }</b>, «{ $prompt }», коштує { $price }. У гаманці { $balance }.
    Поповніть гаманець кнопкою нижче, потім натисніть ✅ Підтвердити на картці в чаті.
card-topup-enough = ✅ Тепер зірок у гаманці вистачає на це замовлення: натисніть ✅ Підтвердити на картці в чаті.
wallet-credited-card = Ваше замовлення чекає в чаті: натисніть ✅ Підтвердити на його картці.
wallet-button-continue-order = ✅ Оформити замовлення · { $price }
wallet-insufficient = 👛 Бракує зірок: замовлення коштує { $price }, а в гаманці { $balance }. Поповніть гаманець щонайменше на { $missing } — після оплати замовлення можна оформити однією кнопкою.
wallet-button-topup = ➕ Поповнити на { $amount }
wallet-off = Платежі в цьому боті не підключено: генерації тут безплатні.
checkout-unknown-invoice = Цей рахунок уже недійсний. Відкрийте /wallet і оберіть суму ще раз.
checkout-already-paid = Цей рахунок уже оплачено. Відкрийте /wallet, щоб отримати новий.
checkout-wrong-amount = Сума рахунку не збігається. Відкрийте /wallet і оберіть суму ще раз.
checkout-other-user = Цей рахунок виставлено іншому користувачеві. Відкрийте /wallet, щоб отримати свій.
checkout-plan-unknown-invoice = Цей рахунок за підписку вже недійсний. Відкрийте /subscribe і оберіть тариф ще раз.
checkout-plan-wrong-amount = Сума цього рахунку за підписку більше не відповідає тарифу. Відкрийте /subscribe і оберіть тариф ще раз.
checkout-plan-other-user = Цей рахунок за підписку виставлено іншому користувачеві. Відкрийте /subscribe, щоб отримати свій.
checkout-not-allowed = Покупки для вашого акаунта недоступні.
order-charged = Оплачено: { $price }
order-returned = ↩️ Повернуто в гаманець: { $price }
order-held = Зарезервовано: { $price }. Буде списано, лише коли результат дійде до вас.
paysupport-text =
    💬 <b>Допомога з оплатою</b>
    Якщо з платежем щось пішло не так або ви хочете повернути поповнення, напишіть у підтримку (контакт нижче) і вкажіть дату та суму платежу. Поповнення повертається лише повністю і лише доки всі його зірки ще в гаманці.
    Зірки списуються, лише коли результат доставлено: якщо замовлення не вдалося або його скасовано, вони автоматично повернуться в гаманець.
terms-text =
    📄 <b>Умови продажу</b>
    • Ви купуєте зірки в гаманець цього бота й витрачаєте їх на генерації. Ціну в зірках видно до підтвердження замовлення.
    • Під час підтвердження замовлення зірки резервуються, а списуються, лише коли результат доставлено; якщо замовлення не вдалося, скасоване або втрачене, вони повертаються.
    • Поповнення можна повернути повністю на запит через /paysupport, доки всі його зірки ще в гаманці: Telegram повертає платіж лише цілком, тому поповнення, з якого вже щось витрачено, повернути не можна.
    • Подарункові зірки (вітальний бонус, промокоди, винагороди за запрошення, подарунки від команди) можна витрачати на замовлення, але повернути їх не можна.
    • Результати створюють моделі ШІ, і вони можуть відрізнятися від очікуваного; за доставлений результат зірки не повертаються.
admin-command-refund = Повернути платіж зірками (для адмінів)
admin-command-grant = Нарахувати зірки клієнту (для адмінів)
admin-command-wallet = Гаманець клієнта (для адмінів)
admin-refund-usage = Формат: <code>/refund &lt;telegram_payment_charge_id&gt;</code>. Charge id указано в рядках поповнень у <code>/wallet &lt;id користувача&gt;</code>.
admin-refund-done = ✅ Користувачеві <code>{ $user }</code> повернуто { $amount }.
admin-refund-unknown = ⚠️ Платежу з таким charge id немає.
admin-refund-already = ⚠️ Цей платіж уже повернуто.
admin-refund-telegram = ⚠️ Telegram відхилив повернення: { $reason }. Зірки залишилися в гаманці клієнта.
admin-grant-usage = Формат: <code>/grant &lt;id користувача&gt; &lt;зірки&gt; [причина]</code>, від 1 до 100 000 зірок.
admin-grant-done = ✅ Користувачеві <code>{ $user }</code> нараховано { $amount }. Баланс: { $balance }.
admin-grant-repeat = Цю команду вже виконано.
admin-wallet-usage = Формат: <code>/wallet &lt;id користувача&gt;</code>
admin-wallet-title = 👛 <b>Гаманець</b> · <code>{ $user }</code>{ $name }: { $balance }
admin-wallet-history-line = { $date } · { $amount } · { $what } · <code>{ $charge }</code>
admin-stats-stars-title = ⭐ <b>Зірки</b>
admin-stats-stars =
    Куплено: { $paid } (повернуто { $refunded })
    Зароблено на виконаних замовленнях: { $earned }
    Зарезервовано поточними замовленнями: { $held }
    Подаровано: { $granted } вручну, { $welcome } вітальними бонусами
admin-stats-money-title = 💰 <b>Виручка й маржа</b> (кожна зірка клієнта — { $payout }, як виплачує Telegram; подаровані зірки виручки не дають)
admin-stats-money-line = { $period }: виручка { $revenue } за { $stars }, витрати на Reseller API { $cost } (з них на подаровані зірки { $given }), маржа { $margin }
admin-alert-reconciliation =
    🧾 <b>Облік зірок і Telegram не збігаються</b> ({ $count } { $count ->
        [one] розбіжність
        [few] розбіжності
        [many] розбіжностей
       *[other] розбіжності
    }):
    { $details }
admin-recon-missing = платіж <code>{ $id }</code> ({ $stars }, користувач <code>{ $user }</code>) не враховано в журналі
admin-recon-amount = платіж <code>{ $id }</code>: у журналі { $ledger }, у Telegram { $telegram }
admin-recon-unknown = поповнення <code>{ $id }</code> ({ $stars }) є в журналі, але невідоме Telegram
admin-recon-refund-unbooked = Telegram повернув <code>{ $id }</code>, але в журналі повернення не записано
admin-recon-refund-unknown = у журналі є повернення <code>{ $id }</code>, але Telegram про нього не знає

orders-resend-charged = ✅ Файли дійшли — за замовлення списано { $price }.
wallet-what-charge = замовлення: { $model } (файли надіслано повторно)
wallet-what-telegram_refund = платіж повернув Telegram
admin-refund-preview = Платіж на { $amount } від користувача <code>{ $user }</code>. Оплачених зірок у його гаманці: { $refundable } (подарункові не враховуються).
admin-refund-button = ↩️ Повернути { $amount }
admin-refund-takes-reward = 👥 Повернення також забере винагороду за запрошення на { $amount }, нараховану за цей платіж: баланс користувача <code>{ $referrer }</code> стане { $balance }.
admin-refund-partly-spent = ⚠️ Клієнт уже витратив частину цих зірок, а Telegram повертає платіж лише повністю, тому повернути його не можна.
admin-alert-telegram-refund =
    ↩️ <b>Telegram повернув платіж:</b> ⭐ { $stars } користувачеві <code>{ $user }</code> (платіж <code>{ $charge }</code>). Повернення враховано в журналі, баланс тепер ⭐ { $balance }.

## Розсилки, картка клієнта, журнал дій (адміни)
admin-command-broadcast = Розсилка клієнтам (для адмінів)
admin-command-user = Картка клієнта (для адмінів)
admin-command-audit = Журнал дій адмінів (для адмінів)
broadcast-ask-content =
    📣 <b>Нова розсилка</b>

    Надішліть повідомлення саме таким, яким його мають побачити клієнти: текст із будь-яким оформленням або фото, відео, анімацію чи документ із підписом.
broadcast-unsupported = Таке повідомлення розіслати не можна. Надішліть текст або фото, відео, анімацію чи документ із підписом.
broadcast-ask-button = Додати під повідомленням кнопку-посилання?
broadcast-button-add = 🔗 Додати кнопку-посилання
broadcast-button-skip = Продовжити без кнопки
broadcast-ask-button-line =
    Надішліть одним повідомленням текст кнопки й посилання через вертикальну риску:
    <code>Відкрити каталог | https://example.com</code>
broadcast-button-invalid =
    Не вдалося розібрати. Потрібні текст кнопки до { $max } { $max ->
        [one] символу
        [few] символів
        [many] символів
       *[other] символу
    }, вертикальна риска й посилання, що починається з https:// або http://, наприклад:
    <code>Відкрити каталог | https://example.com</code>
broadcast-preview = 👆 Так повідомлення побачать клієнти. Кому його надіслати?
broadcast-ask-audience = Кому надіслати розсилку?
broadcast-audience-all = 👥 Усім
broadcast-audience-language = 🌐 За мовою
broadcast-audience-active = 🕒 Нещодавно активним
broadcast-audience-paying = ⭐ Тим, хто платив
broadcast-audience-ids = 🔢 За списком id
broadcast-ask-language = Яка мова інтерфейсу в одержувачів?
broadcast-ask-days = За який період враховувати активність?
broadcast-days = { $days } { $days ->
    [one] день
    [few] дні
    [many] днів
   *[other] дня
}
broadcast-ask-ids = Надішліть Telegram id одержувачів через пробіл, кому або з нового рядка — не більше { $max }.
broadcast-ids-invalid = Не знайдено жодного id. Надішліть лише числа через пробіл, кому або з нового рядка — не більше { $max }.
broadcast-button-back = ◀️ Назад
broadcast-button-discard = ✖️ Скасувати
broadcast-discarded = Розсилку скасовано, нічого не надіслано.
broadcast-use-buttons = Будь ласка, скористайтеся кнопками вище.
broadcast-audience-empty = У цій аудиторії зараз нікому писати: ті, хто заблокував бота, і забанені не враховуються. Оберіть іншу аудиторію.
broadcast-label-all = усі клієнти
broadcast-label-language = клієнти з мовою інтерфейсу: { $language }
broadcast-label-active = активні за { $days ->
    [one] останній { $days } день
    [few] останні { $days } дні
    [many] останні { $days } днів
   *[other] останні { $days } дня
}
broadcast-label-paying = клієнти, які платили
broadcast-label-ids = клієнти зі списку
broadcast-confirm =
    Надіслати це повідомлення { $count ->
        [one] <b>{ $count }</b> одержувачу
        [few] <b>{ $count }</b> одержувачам
        [many] <b>{ $count }</b> одержувачам
       *[other] <b>{ $count }</b> одержувача
    } ({ $audience })?
    Швидкість — близько { $rate } { $rate ->
        [one] повідомлення
        [few] повідомлень
        [many] повідомлень
       *[other] повідомлення
    } на секунду, тож надсилання триватиме приблизно { $duration }.
broadcast-button-send = 📣 Надіслати ({ $count })
broadcast-busy =
    ⏳ Розсилка № { $id } { $status ->
        [paused] на паузі
       *[running] ще триває
    }: оброблено { $done } з { $total }. Одночасно триває лише одна розсилка: дочекайтеся її завершення або скасуйте її кнопкою в повідомленні про хід розсилки.
broadcast-progress-title = 📣 <b>Розсилка № { $id }</b>: { $state }
broadcast-state-running = триває надсилання
broadcast-state-paused = на паузі
broadcast-state-cancelled = скасовано
broadcast-state-done = завершено
broadcast-progress-counts =
    ✅ Надіслано: { $sent }
    🚫 Заблокували бота: { $blocked }
    ⚠️ Не доставлено: { $failed }
    ⏳ Залишилося: { $left }
broadcast-progress-unconfirmed = ❔ Перервано під час надсилання, повторно не надсилалося: { $count }
broadcast-progress-pace = { $rate } повідомл./с · залишилося близько { $duration }
broadcast-progress-paused = На паузі: натисніть «Продовжити», щоб відновити.
broadcast-button-pause = ⏸ Пауза
broadcast-button-resume = ▶️ Продовжити
broadcast-button-cancel = ✖️ Скасувати розсилку
broadcast-button-cancel-confirm = Так, скасувати
broadcast-button-cancel-back = Ні, продовжити
broadcast-cancel-question = Скасувати розсилку? Ті, хто ще не отримав повідомлення, його не отримають.
broadcast-paused = Пауза
broadcast-resumed = Надсилання відновлено
broadcast-cancelled = Розсилку скасовано
broadcast-not-active = Ця розсилка вже закінчилася.
broadcast-report =
    { $status ->
        [cancelled] ✖️ <b>Розсилку № { $id } скасовано.</b>
       *[done] ✅ <b>Розсилку № { $id } завершено.</b>
    }
    Надіслано: { $sent } з { $total }
    Заблокували бота: { $blocked } (їм більше не пишемо)
    Не доставлено: { $failed }
    Не надіслано: { $left }
    Час: { $duration }
admin-user-usage = Формат: <code>/user 123456789</code> або <code>/user @username</code>
admin-user-not-found = Клієнт { $query } не писав цьому боту.
admin-user-card =
    👤 <b>{ $name }</b>{ $username }
    ID: <code>{ $id }</code>
    Мова: { $language }
    Перший візит: { $first }
    Останній візит: { $last }
    Замовлень: { $orders } (виконано { $completed }), витрати на Reseller API: { $spent }
admin-user-wallet = Гаманець: { $balance }
admin-user-limits = Сьогодні: { $ordersToday } { $ordersToday ->
    [one] замовлення
    [few] замовлення
    [many] замовлень
   *[other] замовлення
  }, витрати на Reseller API: { $spentToday }; у роботі: { $active }
admin-user-limits-caps = Ліміти: { $caps }
admin-user-limits-none = Ліміти: не задано
admin-user-cap-active = { $n } одночасно
admin-user-cap-daily-orders = { $n } { $n ->
    [one] замовлення
    [few] замовлення
    [many] замовлень
   *[other] замовлення
  } на день
admin-user-cap-daily-spend = { $amount } на день
admin-user-language-auto = { $language } (з Telegram)
admin-user-status-ok = Статус: активний
admin-user-status-banned = ⛔️ Бан із { $date }
admin-user-status-blocked = 🚫 Користувач заблокував бота
admin-user-status-admin = 🛡 Адмін
admin-user-button-ban = ⛔️ Забанити
admin-user-button-unban = ✅ Зняти бан
admin-user-button-orders = 🧾 Останні замовлення
admin-user-button-card = ◀️ До картки
admin-user-banned = Користувача забанено
admin-user-unbanned = Бан знято
admin-user-admin-not-bannable = Адміна забанити не можна.
admin-user-orders-title = 🧾 <b>Останні замовлення: { $name }</b>
admin-user-orders-empty = Замовлень ще немає.
admin-user-orders-line = { $date } · { $model } · { $status } · { $price }
admin-audit-title = 🗒 <b>Дії адмінів</b> · { $from }–{ $to } з { $total }
admin-audit-empty = Дій адмінів ще немає.
admin-audit-line = { $time } · <code>{ $actor }</code>{ $actorName }: { $action }
admin-audit-broadcast-started = запуск розсилки № { $id } для { $count } { $count ->
    [one] одержувача
    [few] одержувачів
    [many] одержувачів
   *[other] одержувача
  }
admin-audit-broadcast-paused = пауза розсилки № { $id }
admin-audit-broadcast-resumed = відновлення розсилки № { $id }
admin-audit-broadcast-cancelled = скасування розсилки № { $id }
admin-audit-user-banned = бан користувача { $target }
admin-audit-user-unbanned = зняття бану з користувача { $target }
admin-audit-stars-granted = нарахування ⭐ { $stars } користувачеві { $target }
admin-audit-payment-refunded = повернення ⭐ { $stars } користувачеві { $target }
admin-audit-subscription-refunded = повернення оплати підписки ⭐ { $stars } користувачеві { $target }; згорів залишок періоду ⭐ { $expired }
admin-audit-other = { $action }
admin-audit-button-newer = ◀️ Новіші
admin-audit-button-older = Давніші ▶️

## дрібні виправлення
wallet-granted-notice = 🎁 Команда { brand-name } додала до вашого гаманця { $amount }. Баланс гаманця: <b>{ $balance }</b>.
wallet-refunded-notice = ↩️ Поповнення на { $amount } повернуто на ваш акаунт Telegram. Баланс гаманця: <b>{ $balance }</b>.
admin-grant-unknown-user = ⚠️ Користувач <code>{ $user }</code> жодного разу не писав цьому боту, тому нічого не нараховано. Перевірте id: спершу людина має відкрити бота.
menu-wallet = 👛 Гаманець · { $balance }
button-change-description = ✏️ Опис
button-change-files = 📎 Файли
gen-change-what = Що змінити?
internal-file-name = ваш файл
help-wallet = 👛 <b>Гаманець</b>: оплата — зірками Telegram. Поповнити його можна в /wallet (баланс видно й на кнопці «👛 Гаманець» у меню). Питання щодо оплати — /paysupport, умови продажу — /terms.
help-command = /{ $command } — { $description }
button-confirm-no-price = ✅ Підтвердити
order-requoted-no-price = ⚠️ Замовлення довелося перевірити ще раз. Підтвердьте його, будь ласка, знову.
orders-line-no-price = { $n }. { $icon } <b>{ $model }</b> · { $status } · { $date }

## гроші
order-status-undelivered = Не доставлено
orders-status-undelivered = не доставлено
tracking-undelivered-refused = Сервіс генерації не повернув файл, який можна безпечно надіслати.
tracking-undelivered-failed = Telegram не прийняв жодного файлу.
tracking-undelivered = { -setup.billing ->
    [stars] { $links ->
        [yes] Доки файл не надійде в чат, зірки за це замовлення не списуються.
       *[no] Жоден файл до вас не дійшов, тому за це замовлення нічого не списано.
    }
   *[other] Замовлення збережено в /orders.
  } { $next ->
    [resend] { -setup.billing ->
        [stars] Натисніть «📥 Надіслати файли ще раз» нижче — якщо файли дійдуть, буде списано { $price }.
       *[other] Натисніть «📥 Надіслати файли ще раз» нижче, щоб спробувати знову.
    }
   *[retry] Натисніть «🔁 Спробувати ще раз» нижче, щоб оформити його знову з тими самими даними.
  }
orders-resend-nothing = Надіслати файли не вдалося й цього разу. Натисніть «🔁 Спробувати ще раз», щоб оформити замовлення знову.
admin-alert-undelivered-order =
    📭 <b>Результат не доставлено:</b> замовлення <code>{ $id }</code> ({ $model }) для чату <code>{ $chat }</code> виконано, але жоден файл не дійшов до клієнта. Нічого не списано.
tracking-undelivered-links = Telegram не прийняв файли як фото чи відео, тому вище вони надійшли посиланнями для завантаження.

## вхідні повідомлення
inbox-flood-notice = Повідомлення надходять швидше, ніж бот встигає відповідати, тому останні з них пропущено. Дочекайтеся відповіді й, якщо потрібно, надішліть їх ще раз.

## завислий статус
admin-alert-unknown-order-status =
    ❓ <b>Замовлення зависло в невідомому статусі:</b> замовлення <code>{ $id }</code> ({ $model }) з { $since } перебуває в статусі <code>{ $status }</code>, який боту невідомий. Бот і далі його перевіряє, але до ліміту активних замовлень клієнта воно більше не зараховується.

## промокоди
command-promo = Активувати промокод
wallet-what-promo = промокод
wallet-what-referral = винагорода за запрошення друга
promo-button-enter = 🎁 У мене є промокод
promo-button-another = 🎁 Ввести інший код
promo-ask = 🎁 Надішліть промокод.
promo-redeemed = 🎉 Промокод активовано: +{ $amount }! Ваш баланс: <b>{ $balance }</b>.
promo-unknown = 🤔 Такого промокоду немає. Перевірте, чи немає помилки, і спробуйте ще раз.
promo-used-up = 😕 Цей промокод уже вичерпано: усі активації використано.
promo-expired = ⌛ Термін дії цього промокоду минув.
promo-disabled = 🚫 Цей промокод більше не діє.
promo-already = Ви вже активували цей промокод: кожен код можна використати лише раз на людину.
promo-throttled = ✋ Забагато неправильних кодів поспіль. Зачекайте кілька хвилин і спробуйте ще раз.
promo-off = У цьому боті промокодів немає.
admin-command-promo_new = Створити промокод (для адмінів)
admin-command-promo_batch = Створити одноразові промокоди файлом CSV (для адмінів)
admin-command-promos = Список промокодів (для адмінів)
admin-command-promo_off = Вимкнути промокод (для адмінів)
admin-promo-off = Промокоди працюють лише з оплатою зірками (<code>BILLING=stars</code>): без неї в клієнтів немає гаманця, куди їх зарахувати.
admin-promo-new-usage = Формат: <code>/promo_new &lt;КОД&gt; &lt;зірки&gt; [активації] [дні]</code>. Активації — скільки клієнтів зможуть його використати (за замовчуванням 1), дні — термін дії (за замовчуванням безстроково).
admin-promo-batch-usage = Формат: <code>/promo_batch &lt;кількість&gt; &lt;зірки&gt; [дні]</code> — до { $maxCount } одноразових кодів, вони надійдуть файлом CSV.
admin-promo-error-code = ⚠️ Код — від 3 до 32 символів: латинські літери, цифри, <code>_</code> і <code>-</code> (регістр не важливий).
admin-promo-error-stars = ⚠️ Кількість зірок — ціле число від 1 до { $maxStars }.
admin-promo-error-uses = ⚠️ Кількість активацій — ціле число від 1 до { $maxUses }.
admin-promo-error-days = ⚠️ Термін у днях — ціле число від 1 до { $maxDays }.
admin-promo-error-count = ⚠️ Кількість кодів — ціле число від 1 до { $maxCount }.
admin-promo-exists = ⚠️ Код <code>{ $code }</code> уже існує. Оберіть інший або перегляньте /promos.
admin-promo-until = діє до { $date }
admin-promo-no-end = безстроково
admin-promo-created = ✅ Промокод <code>{ $code }</code> створено: { $uses ->
    [1] { $amount }, на одну активацію
    [one] по { $amount } для { $uses } клієнта
    [few] по { $amount } для { $uses } клієнтів
    [many] по { $amount } для { $uses } клієнтів
   *[other] по { $amount } для { $uses } клієнта
  }, { $validity }.
admin-promo-batch-done = ✅ { $count } { $count ->
    [one] одноразовий код
    [few] одноразові коди
    [many] одноразових кодів
   *[other] одноразового коду
  } по { $amount }, { $validity }.
admin-promos-empty = Промокодів ще немає. Створіть їх командою /promo_new або /promo_batch.
admin-promos-title = 🎁 <b>Промокоди</b> (сторінка { $page } з { $pages })
admin-promos-line = <code>{ $code }</code> · { $amount } · активацій: { $used } з { $uses } · { $validity } · { $state }
admin-promo-state-on = ✅ активний
admin-promo-state-off = 🚫 вимкнений
admin-promo-state-expired = ⌛ термін минув
admin-promo-state-used-up = ☑️ вичерпаний
admin-promo-off-usage = Формат: <code>/promo_off &lt;КОД&gt;</code>
admin-promo-off-disabled = 🚫 Промокод <code>{ $code }</code> вимкнено: активувати його більше не можна.
admin-promo-off-already = Промокод <code>{ $code }</code> уже був вимкнений.
admin-promo-off-unknown = ⚠️ Промокоду <code>{ $code }</code> немає. Перегляньте /promos.
admin-stats-promo = Промокоди: подаровано { $amount } за { $redemptions } { $redemptions ->
    [one] активацію
    [few] активації
    [many] активацій
   *[other] активації
  }
admin-user-promo = Активовано промокодів: { $count }
admin-audit-promo-created = створення промокоду { $code } (⭐ { $stars } × { $uses })
admin-audit-promo-batch-created = створення { $count } { $count ->
    [one] одноразового промокоду
    [few] одноразових промокодів
    [many] одноразових промокодів
   *[other] одноразового промокоду
  } по ⭐ { $stars }
admin-audit-promo-disabled = вимкнення промокоду { $code }
## реферали
command-invite = Запросити друзів і отримати зірки
admin-command-campaign_new = Нове посилання для кампанії (для адмінів)
admin-command-campaigns = Кампанії та їхні результати (для адмінів)
invite-title = 👥 <b>Запрошуйте друзів</b>
invite-link =
    Поділіться своїм особистим посиланням. Кожен, хто вперше відкриє бота за цим посиланням, вважатиметься запрошеним вами:
    { $link }
invite-button-share = ↗️ Поділитися посиланням
invite-rule-bonus = 🎁 { $amount }, коли друг уперше отримає результат, оплачений купленими зірками
invite-rule-percent = 💫 { $percent } % від куплених зірок, які друг витратить на отримані результати за { $days ->
        [1] перший день
        [one] перші { $days } день
        [few] перші { $days } дні
        [many] перші { $days } днів
       *[other] перші { $days } дня
    }
invite-rule-cap = Не більше { $amount } на день.
invite-rules-off = Зараз за запрошення нічого не нараховується.
invite-stats = Прийшли: { $joined } · поповнили: { $paid } · ви заробили { $earned }
invite-stats-no-rewards = Прийшли: { $joined } · поповнили: { $paid }
command-invite-no-rewards = Ваше посилання-запрошення
invite-rewards-note = Винагороди надходять подарунковими зірками: ними можна оплачувати замовлення, але повернути їх не можна.
invite-rewards-when = Винагорода нараховується, коли друг отримує результат, а не коли поповнює гаманець: невитрачені зірки йому ще можуть повернути.
campaign-new-usage = Формат: <code>/campaign_new &lt;назва&gt;</code> (до 64 символів)
campaign-created =
    📣 Кампанія «{ $name }» готова. Її посилання:
    { $link }
    Усіх, хто вперше відкриє бота за ним, видно в /campaigns.
campaigns-title = 📣 <b>Кампанії</b>
campaigns-legend = 👤 прийшли · 🛒 замовили · 💳 оплатили · ⭐ куплено зірок · 💸 витрати на API · 📈 маржа
campaigns-legend-free = 👤 прийшли · 🛒 замовили · 💸 витрати на API
campaigns-line = <b>{ $name }</b>: 👤 { $joins } · 🛒 { $ordered } · 💳 { $payers } · ⭐ { $stars } · 💸 { $cost } · 📈 { $margin }
campaigns-line-free = <b>{ $name }</b>: 👤 { $joins } · 🛒 { $ordered } · 💸 { $cost }
campaigns-empty = Кампаній ще немає. Створіть першу: <code>/campaign_new &lt;назва&gt;</code>.
campaigns-tap = Натисніть на кампанію, щоб переглянути її по днях.
campaign-days-title =
    📣 <b>{ $name }</b>, останні 30 днів (UTC; дні без подій не показано)
    { $link }
campaign-day-line = { $day }: 👤 { $joins } · 🛒 { $orders } · ⭐ { $stars } · 💸 { $cost }
campaign-day-line-free = { $day }: 👤 { $joins } · 🛒 { $orders } · 💸 { $cost }
campaign-days-empty = За останні 30 днів нічого не сталося.
campaign-button-back = ◀️ Усі кампанії
campaign-unknown = Цієї кампанії більше немає.
admin-audit-campaign-created = створення кампанії № { $id }
admin-user-referred-by = За запрошенням: { $name } (<code>{ $id }</code>)
admin-user-campaign = Кампанія: { $name }
admin-stats-referrals = 👥 Реферали: { $customers } { $customers ->
        [one] клієнт прийшов
        [few] клієнти прийшли
        [many] клієнтів прийшли
       *[other] клієнта прийшли
    } за запрошеннями, { $topups } { $topups ->
        [one] платне поповнення
        [few] платні поповнення
        [many] платних поповнень
       *[other] платного поповнення
    } ({ $bought }); видано винагород: { $rewards }
## після результату
after-result-button-again = 🔁 Ще раз
after-result-button-change = ✏️ Змінити
after-result-button-use = ➕ Взяти за основу
after-result-button-use-n = ➕ { $n }
after-result-button-share = ↗️ Поділитися
after-result-button-app = 🖼 Відкрити в моїх результатах
after-result-next = Що далі? Оберіть дію нижче.
after-result-next-several = Що далі? «➕ 1», «➕ 2»… — узяти цей результат за основу для нової генерації; решта дій — кнопками нижче.
after-result-caption = 🎨 <b>{ $model }</b>
after-result-caption-prompt = <i>{ $prompt }</i>
after-result-not-yours = Вибачте, ця кнопка належить до чужого замовлення, тому для вас вона нічого не зробить.
after-result-inputs-expired = Файли цього замовлення більше не зберігаються (термін зберігання — 24 години), тому повторити його як є не можна. Натисніть «✏️ Змінити» й надішліть їх знову.
after-result-change-what = Що хочете змінити? Усе інше залишиться як було.
after-result-use-choose = Якою моделлю обробити { $kind ->
    [video] це відео
   *[image] це зображення
  }?
after-result-use-none = Зараз немає моделей, які приймають такий файл.
after-result-use-gone = Файл цього результату більше недоступний.
after-result-use-uploading = ⏳ Передаємо результат моделі { $model }…
after-result-use-failed = Не вдалося передати результат. Спробуйте трохи пізніше.
after-result-use-ready = 📎 Результат прикріплено — продовжуємо з моделлю { $model }.
caption-prompt-on = 📝 Опис під результатом: увімк.
caption-prompt-off = 📝 Опис під результатом: вимк.
caption-prompt-changed-on = Тепер під результатами буде видно опис.
caption-prompt-changed-off = Тепер під результатами буде лише назва моделі.
reminders-on = 🔔 Нагадування: увімк.
reminders-off = 🔕 Нагадування: вимк.
reminders-turned-on = 🔔 Нагадування ввімкнено: про кінець підписки, про невитрачені зірки, про замовлення, що чекає на підтвердження. Не частіше ніж раз на день.
reminders-turned-off = 🔕 Нагадування вимкнено. Увімкнути їх знову можна в /language.
reminder-button-off = 🔕 Більше не нагадувати
reminder-plan-ending = ⏳ <b>На підписці { $name } ще { $left }</b>: якщо їх не витратити, вони згорять { $date }.
reminder-welcome-unused = 🎁 <b>Вітальні зірки чекають на вас:</b> на балансі { $balance }. Опишіть зображення — і подивіться, що вийде.
reminder-quote-unconfirmed = ⏳ <b>Замовлення { $model } чекає на підтвердження</b>, ціна — { $price }.
reminder-win-back = 👋 <b>Давно не бачилися!</b> Потрібне нове зображення чи відео? Оберіть модель або візьміть ідею в /prompts.
reminder-win-back-gift = 🎁 Подарунок на честь повернення: код <code>{ $code }</code> додасть { $amount } на баланс до { $date }.
reminder-button-gift = 🎁 Забрати подарунок
share-caption = ✨ Створено за допомогою { $bot }
share-button-create = Створити своє

## після результату: повторне завантаження
after-result-reuploading = ⏳ Файли цього замовлення більше не зберігаються — завантажуємо їх знову…

## живі налаштування
live-settings-model-description = <i>{ $description }</i>
admin-audit-settings-model-changed = зміна моделі { $model }: { $changes }
admin-audit-settings-global-changed = зміна загальних налаштувань: { $changes }
live-settings-change = { $field }: { $from } → { $to }
live-settings-field-offered = у меню
live-settings-field-name = назва ({ $locale })
live-settings-field-description = опис ({ $locale })
live-settings-field-price = ціна
live-settings-field-markup = націнка
live-settings-field-welcome = вітальні зірки
live-settings-field-packs = пакети поповнення
live-settings-field-reminders = нагадування
live-settings-value-default = за замовчуванням
live-settings-value-shown = показано
live-settings-value-hidden = приховано
live-settings-value-text = «{ $text }»
live-settings-value-percent = { $percent } %
live-settings-value-markup = націнка { $percent } %
live-settings-value-reminders-none = усі вимкнено
live-settings-value-reminder-plan-ending = зірки підписки перед кінцем періоду
live-settings-value-reminder-welcome-unused = невитрачені вітальні зірки
live-settings-value-reminder-quote-unconfirmed = непідтверджене замовлення
live-settings-value-reminder-win-back = повернення після 30 днів тиші

## підписки
subscription-plan-name = { $id ->
   *[other] { $title }
  }
subscription-plan-unnamed = Підписка
subscription-plan-description = { $id ->
   *[other] { $allowance } кожні 30 днів за { $price }
  }
subscription-plan-line = <b>{ $name }</b>: { $description }
subscription-plans-title = 🔁 <b>Підписки</b>
subscription-plans-rules = Зірки підписки витрачаються раніше за інші й згорають наприкінці кожного 30-денного періоду. Telegram продовжує підписку кожні 30 днів; скасувати продовження можна будь-коли в /subscription.
subscription-button-plan = { $name }: { $price } за 30 днів
subscription-button-plans = 🔁 Підписки
subscription-invoice-title = Підписка { $name }
subscription-invoice-description = { $allowance } на генерації кожні 30 днів. Вони витрачаються раніше за інші зірки, а невикористані згорають наприкінці періоду.
subscription-invoice-label = { $name }
subscription-invoice-ready = Підписка { $name } готова до оплати. Натисніть кнопку нижче, щоб оплатити зірками Telegram.
subscription-button-pay = Оформити за { $price }
subscription-activated = 🎉 Підписку { $name } оформлено! Нараховано { $allowance } на цей період (до { $date }). Баланс: { $balance }.
subscription-renewed = 🔁 Підписку { $name } продовжено: нараховано { $allowance } до { $date }. Баланс: { $balance }.
subscription-status = 🔁 Ваш тариф: <b>{ $name }</b>. Залишилося зірок підписки в цьому періоді: { $left }.
subscription-status-renews = Наступне продовження — { $date }: оплата { $price }, буде нараховано { $allowance }.
subscription-status-cancelled = Продовження вимкнено: підписка діє до { $date }.
subscription-button-cancel = Скасувати продовження
subscription-button-resume = Відновити продовження
subscription-cancelled = Продовження вимкнено. Зірки підписки можна витрачати до кінця періоду; інші зірки не згорають.
subscription-resumed = Продовження знову ввімкнено.
subscription-signal-failed = ⚠️ <b>Підписка { $name } не продовжилася</b>: оплата { $price } за наступний період не пройшла (зазвичай на рахунку бракує зірок). Щоб зберегти тариф, продовжте її кнопкою нижче.
subscription-signal-canceled = 🔕 <b>Підписка { $name } більше не продовжуватиметься</b>: ви вимкнули продовження в Telegram. Тариф діє до { $date }, і до цього дня його зірки можна витрачати. Щоб зберегти підписку, знову ввімкніть продовження в налаштуваннях зірок Telegram.
subscription-signal-active = ✅ <b>Підписка { $name } знову продовжується.</b> Наступна оплата — { $date }: { $price }.
subscription-status-cancelled-in-telegram = Продовження вимкнено в Telegram: підписка діє до { $date }. Щоб зберегти її, знову ввімкніть продовження в налаштуваннях зірок Telegram.
subscription-status-renewal-failed = ⚠️ Останнє продовження не пройшло. Щоб зберегти тариф, продовжте підписку кнопкою нижче.
subscription-button-renew = 🔄 Продовжити { $name }: { $price }
subscription-button-status = 🔁 Моя підписка
subscription-none = У вас ще немає підписки.
subscription-off = У цьому боті немає підписок.
subscription-ended = Підписка { $name } закінчилася: продовження не вдалося. Невикористані зірки останнього періоду згоріли. Оформити її знову можна кнопкою нижче.
subscription-plan-withdrawn = Цей тариф більше не пропонується, тому платіж вище зараховано як звичайні зірки, а підписка не продовжуватиметься.
terms-subscriptions = • Підписки: зірки кожного періоду витрачаються першими й згорають наприкінці періоду. Окремо вони не повертаються; платіж за поточний період можна повернути повністю через /paysupport — тоді період одразу закінчиться. Скасувати продовження можна будь-коли в /subscription.
checkout-already-subscribed = У вас уже є підписка. Докладніше — у /subscription.
admin-refund-subscription-preview = 🔁 Платіж за підписку { $name } ({ $amount }) від користувача <code>{ $user }</code>, період { $from } – { $to }. Telegram поверне платіж повністю, період закінчиться одразу, а його невикористані зірки згорять: { $unspent }.
admin-refund-subscription-done = ✅ Платіж за підписку ({ $amount }) повернуто користувачеві <code>{ $user }</code>. Згоріло невикористаних зірок цього періоду: { $expired }.
subscription-refunded-notice = ↩️ Платіж за підписку ({ $amount }) повернуто на ваш акаунт Telegram. Цей період закінчився, невикористані зірки згоріли. Баланс гаманця: <b>{ $balance }</b>.
wallet-what-allowance = зірки підписки
wallet-what-allowance_expire = зірки підписки згоріли
admin-stats-reminders = 🔔 Нагадування за 30 днів: надіслано { $sent }, відреагували за 48 год: { $acted }
admin-stats-subscriptions = 🔁 Підписники ({ $plans }). Виручка: { $revenue } з { $periods } { $periods ->
    [one] платежу
    [few] платежів
    [many] платежів
   *[other] платежу
  } (повернуто: { $refunded }). Вимкнули продовження цього місяця: { $churn }.
admin-stats-subscriptions-plan = { $name }: { $n }
admin-user-subscription = 🔁 Підписка: { $name }, { $state }; залишилося зірок періоду: { $left }.
admin-user-subscription-active = продовження { $date }
admin-user-subscription-cancelled = продовження вимкнено, діє до { $date }
admin-user-subscription-ended = закінчилася { $date }

## міні-застосунок
# Приклади моделі в застосунку для клієнтів (issue 43): питання власникові в чаті, вибір у панелі
# керування, стрічка прикладів у застосунку.
example-consent-ask = Команда { brand-name } хотіла б показувати це зображення іншим клієнтам у застосунку як приклад моделі <b>{ $model }</b>. Ваше ім'я не показується.
example-consent-ask-video = Команда { brand-name } хотіла б показувати це відео іншим клієнтам у застосунку як приклад моделі <b>{ $model }</b>. Ваше ім'я не показується.
example-consent-button-allow = ✅ Дозволити
example-consent-button-decline = Ні, дякую
example-consent-button-stop = Більше не показувати
example-consent-shown = Показується як приклад моделі <b>{ $model }</b>.
example-consent-declined = Не показується. Дякуємо за відповідь.
example-consent-withdrawn = Більше не показується як приклад моделі <b>{ $model }</b>.
example-consent-answer-shown = Дякуємо! Тепер приклад показується.
example-consent-answer-declined = Добре, не показуватимемо.
example-consent-answer-withdrawn = Готово: більше не показується.
example-consent-stale = На це питання вже відповіли.
example-consent-uploaded = Завантажено як приклад моделі <b>{ $model }</b> для застосунку.
miniapp-examples-title = Приклади в застосунку
miniapp-examples-hint = Клієнти бачать під цією моделлю перші { $n } показаних прикладів у цьому порядку.
miniapp-examples-none = Прикладів поки немає.
miniapp-examples-state-shown = Показується
miniapp-examples-state-asked = Чекаємо на відповідь клієнта
miniapp-examples-state-declined = Клієнт відмовився
miniapp-examples-state-withdrawn = Клієнт відкликав згоду
miniapp-examples-state-unreachable = Не вдалося запитати клієнта
miniapp-examples-uploaded = Завантажено
miniapp-examples-remove = Видалити
miniapp-examples-up = ↑
miniapp-examples-up-label = Вище
miniapp-examples-down = ↓
miniapp-examples-down-label = Нижче
miniapp-examples-pick = Вибрати з результатів
miniapp-examples-pick-hint = Результат клієнта показується лише з його дозволу: бот запитає його в чаті.
miniapp-examples-results-none = Готових результатів цієї моделі поки немає.
miniapp-examples-more = Ще результати
miniapp-examples-picked = Вибрано
miniapp-examples-pick-one = Вибрати
miniapp-examples-upload = Завантажити файл
miniapp-examples-upload-hint = Фото (JPEG, PNG або WebP) до { $image } МБ або відео MP4 до { $video } МБ.
miniapp-examples-uploading = Завантажуємо…
miniapp-examples-added = Додано.
miniapp-examples-asked = Додано: бот запитує клієнта в чаті.
miniapp-examples-error-already = Цей файл уже вибрано як приклад.
miniapp-examples-error-full = Ця модель уже має максимум прикладів. Спершу видаліть один.
miniapp-examples-error-unsupported = Це не фото JPEG, PNG чи WebP і не відео MP4.
miniapp-examples-error-too-big = Файл завеликий.
miniapp-examples-error-telegram = Telegram не прийняв файл. Відкрийте чат із ботом хоча б раз і спробуйте знову.
miniapp-examples-error = Щось пішло не так. Спробуйте ще раз.
miniapp-examples-image = Зображення
miniapp-examples-video = Відео
app-example-title = Приклади
app-example-open = Відкрити приклад { $n }
app-example-close = Закрити
app-example-image = Зображення-приклад
app-example-video = Відео-приклад
miniapp-title = Панель керування
miniapp-open-from-bot-title = Відкрийте через бота
miniapp-open-from-bot = Ця сторінка працює лише всередині Telegram. Відкрийте бота, надішліть /dashboard і натисніть кнопку (або скористайтеся кнопкою меню).
miniapp-forbidden = Ця панель лише для адмінів бота.
miniapp-error = Не вдалося завантажити дані. Спробуйте трохи пізніше.
miniapp-upstream-unavailable = Сервіс генерації недоступний, тому список моделей не вдається завантажити. Спробуйте за кілька хвилин.
miniapp-retry = Повторити
miniapp-loading = Завантаження…
miniapp-days = { $n } дн.
miniapp-tab-money = Гроші
miniapp-tab-models = Моделі
miniapp-tab-customers = Клієнти
miniapp-tab-growth = Зростання
miniapp-tab-operations = Стан
miniapp-tab-settings = Налаштування
miniapp-stars-bought = Куплено зірок
miniapp-stars-earned = Зароблено зірок
miniapp-cost = Витрати на Reseller API
miniapp-margin = Маржа
miniapp-revenue = Виручка
miniapp-settings-error-bidi = { $field }: приберіть невидимі символи напрямку тексту (U+202A–U+202E, U+2066–U+2069), через них меню може читатися інакше.
miniapp-given-away = Подаровано
miniapp-revenue-hint = Виручка — те, що заплатили клієнти: зірки, витрачені на доставлені результати, і підписки, за курсом виплат Telegram. «Подаровано» — витрати на Reseller API за замовлення, оплачені подарованими зірками (вітальний бонус, нарахування вручну, промокоди, винагороди за запрошення); маржа враховує їх як витрати.
miniapp-refunds = Повернуто зірок
miniapp-orders = Замовлення
miniapp-failed = Не вдалися
miniapp-avg-time = Час до результату
miniapp-seconds = { $n } с
miniapp-model = Модель
miniapp-no-billing = Оплату зірками вимкнено, тому зірок і маржі тут немає.
miniapp-customers-new = Нові
miniapp-customers-active = Замовляли
miniapp-customers-paying = Платили
miniapp-wallets-balance = Баланс клієнтів
miniapp-wallets-held = Зарезервовано замовленнями
miniapp-top-customers = Найкращі клієнти
miniapp-customer = Клієнт
miniapp-spent = Витрачено зірок
miniapp-card-hint = Картка клієнта: надішліть боту /user { $id }.
miniapp-campaigns = Кампанії
miniapp-campaign = Кампанія
miniapp-joins = Прийшли
miniapp-payers = Платили
miniapp-promo-codes = Промокоди
miniapp-promo-code = Код
miniapp-promo-stars = Зірок за активацію
miniapp-used = Активацій
miniapp-reminders = Нагадування за 30 днів
miniapp-reminder = Нагадування
miniapp-reminders-sent = Надіслано
miniapp-reminders-acted = Відреагували за 48 год
miniapp-reminder-plan-ending = Зірки підписки перед кінцем періоду
miniapp-reminder-welcome-unused = Невитрачені вітальні зірки
miniapp-reminder-quote-unconfirmed = Непідтверджене замовлення
miniapp-reminder-win-back = Повернення після 30 днів тиші
miniapp-disabled = вимкнено
miniapp-upstream-balance = Баланс Reseller API
miniapp-unknown = невідомо
miniapp-queued = У черзі
miniapp-processing = Виконуються
miniapp-broadcasts = Розсилки
miniapp-broadcast-progress = Надіслано { $sent } з { $total }, не доставлено { $failed }
miniapp-csv = CSV
miniapp-empty = Тут ще порожньо.
miniapp-settings-models = Моделі
miniapp-settings-offered = Доступна
miniapp-settings-price = Ціна
miniapp-settings-price-default = Загальна націнка
miniapp-settings-price-markup = Націнка, %
miniapp-settings-price-fixed = Фіксована, зірок
miniapp-settings-example = Зараз { $stars } ★
miniapp-settings-global = Для всіх моделей
miniapp-settings-markup = Націнка, %
miniapp-settings-welcome = Вітальні зірки
miniapp-settings-packs = Пакети поповнення, зірок (через кому)
miniapp-settings-save = Зберегти
miniapp-settings-saved = Збережено.
miniapp-settings-conflict = Поки ви редагували, налаштування змінив хтось інший. Показано актуальні: перевірте їх і збережіть ще раз.
miniapp-settings-invalid = Не збережено. Виправте:
miniapp-settings-unavailable = Редагування налаштувань у цьому боті поки недоступне.
miniapp-settings-too-fast = Забагато змін поспіль. Зачекайте хвилину й спробуйте ще раз.
miniapp-settings-name = Назва ({ $language })
miniapp-settings-description = Опис ({ $language })
miniapp-settings-billing-off = Оплату зірками вимкнено: ціни й суми в зірках зберігаються і почнуть діяти, щойно її ввімкнуть.
miniapp-settings-packs-unused = ще не задано
miniapp-settings-fix-markup = Націнка: введіть відсоток від 0 до { $max }, не більше двох знаків після коми (наприклад, 30 або 12,5).
miniapp-settings-fix-model-markup = Націнка цієї моделі: введіть відсоток від 0 до { $max }, не більше двох знаків після коми (наприклад, 30 або 12,5).
miniapp-settings-fix-fixed = Фіксована ціна: введіть ціле число зірок від 1 до { $max }.
miniapp-settings-fix-welcome = Вітальні зірки: введіть ціле число від 0 до { $max } (0 вимикає бонус).
miniapp-settings-fix-packs = Пакети поповнення: введіть від 1 до { $count } цілих чисел зірок від 1 до { $max } через кому (наприклад, 50, 100, 250).
miniapp-settings-fix-name = { $field }: не більше { $max } символів в один рядок, без службових символів; або залиште порожнім, щоб показувати назву з каталогу.
miniapp-settings-fix-description = { $field }: не більше { $max } символів, без службових символів; або залиште порожнім.
miniapp-settings-fix-other = Деякі значення не прийнято. Перевірте форму й збережіть ще раз.
miniapp-settings-fix-reminders = Нагадування: позначте лише ті, що є в списку.
miniapp-settings-reminders = Нагадування
miniapp-settings-reminders-hint = Бот пише першим, коли це корисно клієнтові: не частіше ніж одне нагадування на день і ніколи тим, хто їх вимкнув.
miniapp-settings-reminders-environment = Як задано під час запуску (змінна REMINDERS). Зміна, збережена тут, замінить це налаштування.
miniapp-settings-reminder-about-plan-ending = За 3 дні й ще раз за 1 день до кінця періоду підписки, якщо в підписника лишилися зірки плану.
miniapp-settings-reminder-about-welcome-unused = Через 2 дні після вітальних зірок, якщо клієнт відтоді нічого не замовив.
miniapp-settings-reminder-about-quote-unconfirmed = Через 2 години після розрахунку ціни, якщо замовлення так і не підтвердили, один раз, із кнопкою «Підтвердити».
miniapp-settings-reminder-about-win-back = Клієнтові, який уже платив, але 30 днів нічого не замовляв; із подарунковим кодом, якщо задано WIN_BACK_PROMO_STARS.
miniapp-type-image = Зображення
miniapp-type-video = Відео
miniapp-type-upscale = Покращення якості
miniapp-type-remove-bg = Видалення фону
miniapp-type-other = Інше
miniapp-broadcast-running = триває
miniapp-broadcast-paused = на паузі
miniapp-broadcast-cancelled = скасовано
miniapp-broadcast-done = завершено
admin-command-dashboard = Панель керування: графіки, цифри й CSV (для адмінів)
dashboard-open = 📊 Панель керування: гроші, моделі, клієнти й зростання, з графіками та вивантаженням у CSV.
dashboard-button = 📊 Відкрити панель
dashboard-menu-button = Панель
customer-app-menu-button = Мої результати
dashboard-off-no-public-url = Панель вимкнено: укажіть у <code>PUBLIC_URL</code> публічну https-адресу бота (у режимі webhook береться адреса з <code>WEBHOOK_URL</code>) і перезапустіть бота.
dashboard-off-no-http-port = Панель вимкнено: у режимі polling бот показує її на порту <code>HTTP_PORT</code> (або <code>METRICS_PORT</code>). Задайте порт, спрямуйте на нього <code>PUBLIC_URL</code> і перезапустіть бота.
command-subscribe = Щомісячні підписки за зірки
command-subscription = Ваша підписка: залишок зірок, продовження, скасування

## Підписки: умови зберігаються, один тариф за раз, повернення (issue 38)
checkout-payment-pending = Платіж за іншу підписку ще обробляється. Зачекайте хвилину й перегляньте /subscription.
subscription-status-several =
    🔁 У вас { $count ->
        [one] { $count } підписка
        [few] { $count } підписки
        [many] { $count } підписок
       *[other] { $count } підписки
    } одночасно, Telegram продовжує кожну. Залишилося зірок їхніх періодів: { $left }.
subscription-status-item = { $n }. <b>{ $name }</b>: { $renewal }
subscription-button-cancel-item = Скасувати продовження { $n }
subscription-button-resume-item = Відновити продовження { $n }
admin-refund-subscription-spent = Клієнт уже витратив { $spent } із цього періоду: під час повернення їх буде списано з його гаманця, баланс може стати від’ємним, і нові замовлення чекатимуть поповнення.
admin-refund-subscription-spent-done = З гаманця клієнта списано { $spent }, які він уже витратив із того періоду.
admin-alert-subscription-amount =
    ⚠️ <b>Продовження підписки оплачено іншою сумою:</b> користувач <code>{ $user }</code> заплатив ⭐ { $paid } замість ⭐ { $expected } (платіж <code>{ $charge }</code>). Нараховано пропорційно: ⭐ { $allowance }.
admin-alert-subscription-duplicate =
    ⚠️ <b>У клієнта одразу дві підписки:</b> користувач <code>{ $user }</code> (платежі <code>{ $charges }</code>). Telegram продовжує кожну; клієнт бачить обидві в /subscription, у кожної своя кнопка «Скасувати продовження».
wallet-what-allowance_clawback = витрачені зірки підписки, платіж за яку повернуто

## Багато ботів в одному розгортанні (issue 40)
bot-suspended = Цей бот наразі призупинено. Завітайте пізніше.
admin-command-bots = Ваші боти: додати, призупинити, цифри (для адмінів)
bots-add-usage = Формат: <code>/bot_add &lt;токен&gt;</code>, з токеном, який видав @BotFather (/mybots, бот, <b>API Token</b>).
bots-add-malformed = Це не схоже на токен бота: токен має вигляд <code>123456789:AAE…</code>. Скопіюйте його ще раз у @BotFather (/mybots, бот, <b>API Token</b>).
bots-add-refused = Telegram не приймає цей токен: у ньому помилка або його відкликано. Скопіюйте його ще раз у @BotFather.
bots-add-main = Це токен цього самого бота. Надішліть токен бота, якого хочете додати.
bots-add-no-secret = Доданим ботам потрібен <code>BOT_TOKENS_SECRET</code> (від 32 символів): з ним їхні токени зберігаються зашифрованими. Задайте його, перезапустіть бота й додайте бота ще раз.
bots-added =
    ✅ { $name } запущено: він уже відповідає клієнтам із цінами й текстами цього бота. Ви його адмін.
    Призупинити: <code>/bot_off { $id }</code>; усі ваші боти — у /bots.
bots-updated = ✅ { $name } уже було додано: тепер він працює з новим токеном, а його клієнтів, замовлення й баланси збережено.
bots-token-deleted = 🔒 Повідомлення з токеном видалено, щоб він не залишився в цьому чаті.
bots-title = 🤖 <b>Ваші боти</b> за 7 днів
bots-legend = 👤 клієнти · ⭐ виручка · 💸 витрати на API
bots-legend-free = 👤 клієнти · 💸 витрати на API
bots-line = <code>{ $id }</code> { $name } · { $status } · 👤 { $customers } · ⭐ { $stars } · 💸 { $cost }
bots-line-unknown = <code>{ $id }</code> { $name } · { $status } · цифри зараз недоступні
bots-status-main = цей бот
bots-status-active = працює
bots-status-suspended = ⏸ призупинено
bots-help = Додати: <code>/bot_add &lt;токен&gt;</code>. Призупинити: <code>/bot_off &lt;бот&gt;</code>, відновити: <code>/bot_on &lt;бот&gt;</code>, де &lt;бот&gt; — його номер або @username.
bots-off-usage = Формат: <code>/bot_off &lt;бот&gt;</code>, номер бота або його @username з /bots.
bots-on-usage = Формат: <code>/bot_on &lt;бот&gt;</code>, номер бота або його @username з /bots.
bots-unknown = Бота { $ref } немає. Ваші боти — у /bots.
bots-page = Боти { $from }–{ $to } з { $total }
bots-button-previous = ◀️ Назад
bots-button-next = Далі ▶️
bots-main-stays = Цього бота не можна призупинити: з нього ви керуєте рештою.
bots-off-changed = ⏸ { $name } призупинено: клієнти бачать коротке повідомлення про це, замовлень і оплат він не приймає. Уже оплачені замовлення все одно буде доставлено. Відновити: <code>/bot_on</code>.
bots-off-unchanged = { $name } уже призупинено.
bots-on-changed = ▶️ { $name } знову працює й приймає замовлення.
bots-on-unchanged = { $name } уже працює.

## Денний ліміт витрат бота (issue 40)
bot-cap-refused = 📅 Денний ліміт замовлень цього бота вичерпано. Замовлення збережено: натисніть «Підтвердити» ще раз після { $reset }, коли ліміт оновиться.
bot-cap-usage = Формат: <code>/bot_cap &lt;бот&gt; &lt;usd&gt;</code>, наприклад <code>/bot_cap 2 5</code>: коли витрати бота на API за день (за UTC) сягнуть $5, він перестане приймати нові замовлення до кінця дня. <code>/bot_cap &lt;бот&gt; off</code> знімає ліміт. &lt;бот&gt; — його номер або @username з /bots.
bot-cap-set = 💸 Для { $name } задано денний ліміт витрат на API: { $cap }. Щойно його буде вичерпано, бот перестане приймати нові замовлення до кінця дня (за UTC), і вам надійде сповіщення. Зняти ліміт: <code>/bot_cap { $id } off</code>.
bot-cap-lifted = Денний ліміт для { $name } знято.
bot-cap-line = ліміт { $cap } на день, сьогодні витрачено { $spent }
bot-cap-line-unknown = ліміт { $cap } на день
bot-cap-help = Денний ліміт витрат на API: <code>/bot_cap &lt;бот&gt; &lt;usd&gt;</code> або <code>off</code>, щоб зняти.
admin-alert-spend-cap = 💸 <b>Денний ліміт витрат на API для цього бота вичерпано</b>: { $cap } (сьогодні витрачено { $spent }). Нові замовлення не приймаються до { $reset }.
admin-alert-spend-cap-bot =
    💸 <b>{ $name }: денний ліміт витрат на API вичерпано</b> — { $cap } (сьогодні витрачено { $spent }). Нові замовлення не приймаються до { $reset }.
    Змінити: <code>/bot_cap { $id } &lt;usd&gt;</code>, зняти: <code>/bot_cap { $id } off</code>.

## Керовані боти (issue 40)
admin-command-newbot = Створити власного бота (для адмінів)
command-newbot = Створити власного бота
managed-bots-name = { brand-name } · { $name }
managed-bots-button = 🤖 Створити бота
managed-bots-intro =
    🤖 <b>Власний бот</b> з моделями, цінами й текстами цього бота, під назвою, яку ви оберете. Ви будете його адміном.
    Натисніть «🤖 Створити бота» нижче: Telegram запитає назву та ім’я користувача бота, і за мить бот запрацює.
managed-bots-off = Створення ботів тут вимкнено.
managed-bots-admins-only = Створювати ботів тут можуть лише адміни цього бота.
managed-bots-no-secret = Ботам, створеним тут, потрібен <code>BOT_TOKENS_SECRET</code> (від 32 символів) на сервері: з ним їхні токени зберігаються зашифрованими. Задайте його, перезапустіть бота й знову надішліть /newbot.
managed-bots-no-permission = @BotFather ще не дозволяє цьому боту створювати ботів: дозвольте це в налаштуваннях бота в @BotFather і знову надішліть /newbot.
managed-bots-cancelled = Гаразд, новий бот зачекає.
managed-bots-live =
    🎉 Ваш бот @{ $username } працює: { $link }
    Він відповідає клієнтам із моделями, цінами й текстами цього бота. Ви його адмін: відкрийте бота й надішліть /help, щоб побачити свої інструменти.
managed-bots-failed = Telegram створив вашого бота @{ $username }, але запустити його не вдалося. Спробуйте пізніше або зверніться до адмінів.
managed-bots-profile-description = { brand-name } перетворює ваші ідеї на зображення й відео за допомогою найкращих моделей ШІ. Натисніть «Почати», надішліть опис і отримайте результат просто в чаті.
managed-bots-profile-short-description = Зображення й відео за вашими ідеями від найкращих моделей ШІ.

## Панелі оператора (issue 40)
opsroom-button = 🛠 { $name }
opsroom-hint = 🛠 Кнопки нижче відкривають панель кожного бота з його цифрами й налаштуваннями.

## Власний ключ бота до сервісу генерації (issue 40)
admin-command-upstream_key = Власний ключ Reseller API для цього бота (для адмінів)
upstream-key-current-own = 🔑 Цей бот використовує <b>власний API-ключ</b>: генерації оплачуються з вашого акаунта Reseller API, і /balance показує його баланс.
upstream-key-current-shared = 🔑 Цей бот використовує <b>спільний API-ключ</b> сервісу, який його запускає.
upstream-key-usage = Щоб працювати зі своїм акаунтом Reseller API, надішліть <code>/upstream_key &lt;ключ&gt;</code> з ключем з особистого кабінету провайдера. Ключ буде перевірено й збережено в зашифрованому вигляді, а повідомлення з ним — видалено. <code>/upstream_key off</code> поверне спільний ключ.
upstream-key-set = ✅ Ключ працює: відтепер замовлення, моделі й /balance цього бота використовують ваш акаунт API.
upstream-key-cleared = ✅ Бот знову використовує спільний API-ключ: нові замовлення більше не оплачуються з вашого акаунта API.
upstream-key-already-shared = Бот і так використовує спільний API-ключ.
upstream-key-malformed = Це не схоже на API-ключ. Скопіюйте його ще раз з особистого кабінету провайдера й надішліть <code>/upstream_key &lt;ключ&gt;</code>.
upstream-key-main = API-ключ цього бота задається на сервері (<code>RESELLER_API_KEY</code>), а не тут.
upstream-key-no-secret = Для власних API-ключів на сервері потрібен <code>BOT_TOKENS_SECRET</code>: з ним ключі зберігаються зашифрованими. Нічого не збережено — попросіть адмінів сервісу його задати.
upstream-key-in-flight = На поточному ключі { $orders ->
    [one] ще виконується { $orders } замовлення
    [few] ще виконуються { $orders } замовлення
    [many] ще виконуються { $orders } замовлень
   *[other] ще виконується { $orders } замовлення
  }, і завершити їх може лише цей акаунт. Нічого не змінилося: спробуйте ще раз, коли вони будуть готові.
upstream-key-refused = API не приймає цей ключ: у ньому помилка, його відкликано або він належить іншому акаунту чи провайдеру. Нічого не збережено, бот і далі використовує попередній ключ.
upstream-key-unreachable = Не вдалося зв’язатися з API, щоб перевірити ключ, тому нічого не збережено. Спробуйте ще раз за кілька хвилин.
upstream-key-deleted = 🔒 Повідомлення з ключем видалено, щоб він не залишився в цьому чаті.

# ── Правила контенту (/rules, issue 42) ──
content-blocked = 🚫 Цей опис не можна використати: він порушує правила { brand-name }. Опишіть, будь ласка, щось інше.
content-blocked-last-warning = ⚠️ Ще один такий опис — і доступ до { brand-name } буде закрито.
content-blocked-banned = ⛔️ Доступ до { brand-name } закрито: кілька ваших описів порушили його правила.
content-model-private-only = 🔒 { $model } доступна лише в особистому чаті з ботом.
content-model-needs-orders = 🔒 { $model } відкриється після { $needed ->
    [one] { $needed } оплаченої генерації
   *[other] { $needed } оплачених генерацій
  }. Зараз у вас { $have }.
admin-command-rules = Правила контенту (для адмінів)
admin-audit-user-auto-banned = автоматичний бан користувача { $target }: { $strikes ->
    [one] { $strikes } відхилений опис
    [few] { $strikes } відхилені описи
   *[other] { $strikes } відхилених описів
  } за { $hours } год
admin-audit-content-rules-changed = зміна правил контенту: заборонених рядків — { $lines } (було { $before })
admin-stats-content = 🚫 Відхилені описи за 30 днів: { $blocked }; автоматичних банів: { $bans }
rules-title = 🛡 <b>Правила контенту</b> · версія { $version }
rules-list-everyone = <b>Для всіх:</b> { $lines }
rules-list-language = <b>{ $language }:</b> { $lines }
rules-list-empty = Заборонених слів поки немає.
rules-more = { " " }і ще { $count }
rules-strikes = Порушення: { $limit ->
    [one] { $limit } відхилений опис
    [few] { $limit } відхилені описи
   *[other] { $limit } відхилених описів
  } за { $hours } год — і клієнта заблоковано.
rules-strikes-off = Порушення: за відхилені описи клієнтів не блокують.
rules-models-gated = { $count ->
    [0] Немає моделей лише для особистих чатів чи постійних клієнтів.
    [one] { $count } модель — лише для особистих чатів чи постійних клієнтів.
    [few] { $count } моделі — лише для особистих чатів чи постійних клієнтів.
   *[other] { $count } моделей — лише для особистих чатів чи постійних клієнтів.
  }
rules-help =
    <code>/rules add слово</code> забороняє слово для всіх, <code>/rules add ru: слово</code> — для клієнтів однією мовою, <code>/rules remove слово</code> знімає заборону.
    Слово забороняє лише саме слово; <code>слово*</code> — і його форми; <code>/regex/</code> — регулярний вираз. У панелі керування (/dashboard) можна змінити все, зокрема моделі й порушення.
rules-added = ✅ Заборонено: { $line }
rules-removed = ✅ Більше не заборонено: { $line }
rules-not-found = «{ $line }» немає в списках, знімати нічого.
rules-unknown-language = ⚠️ Мови «{ $tag }» тут немає. Встановлено: { $tags }.
rules-invalid-too-long = ⚠️ «{ $line }» задовге: не більше { $max } символів.
rules-invalid-bad-pattern = ⚠️ «{ $line }» — неправильний регулярний вираз.
rules-invalid-empty = ⚠️ Напишіть слово, фразу або /вираз/ після <code>/rules add</code>.

# ── Control room: content rules ──
miniapp-tab-rules = Правила
miniapp-rules-figure-refused = Відхилено описів за 30 днів
miniapp-rules-figure-bans = Автоматичних блокувань за 30 днів
miniapp-rules-blocked = Заборонені слова
miniapp-rules-blocked-hint = Один запис у рядку. Слово чи фраза забороняє лише саму себе, цілим словом: «наркотик» спрацює на «Наркотик!», але не на «наркотики». Зірочка додає інші форми: наркотик* заборонить і «наркотики», і «наркотиками», а *наркотик — слова, що ним закінчуються. Між скісними рисками — регулярний вираз: /нарк[о0]тик/. Регістр літер і діакритика (ї/і, é/e) не враховуються.
miniapp-rules-lists-hint = Список «Для всіх» діє для кожного клієнта, список мови — лише для тих, хто користується ботом цією мовою: в іншій мові те саме слово може бути безневинним.
miniapp-rules-everyone = Для всіх
miniapp-rules-language = Мова: { $language }
miniapp-rules-strikes = Автоматичне блокування
miniapp-rules-strikes-limit = Скільки відхилених описів до блокування (0 — не блокувати)
miniapp-rules-strikes-window = За скільки годин
miniapp-rules-strikes-hint = Якщо клієнтові за цей час відхилили стільки описів, бот заблокує його автоматично. Адмінів бот не блокує.
miniapp-rules-models = Моделі
miniapp-rules-model = Модель
miniapp-rules-type = Тип
miniapp-rules-private-only = Лише в особистому чаті
miniapp-rules-paid-orders = Потрібно оплачених замовлень
miniapp-rules-models-hint = «Лише в особистому чаті» — модель не пропонується в групах і гостьових чатах. «Потрібно оплачених замовлень» — скільки оплачених замовлень має бути в клієнта, щоб модель стала йому доступна; 0 або порожнє поле — доступна всім.
miniapp-rules-save = Зберегти правила
miniapp-rules-saved = Збережено.
miniapp-rules-conflict = Поки ви редагували, правила змінив хтось інший. Тепер показано його правила, а ваші зміни не збережено: внесіть їх знову й збережіть.
miniapp-rules-invalid = Не збережено: виправте позначені поля.
miniapp-rules-too-large = Списки задовгі, щоб зберегти їх за один раз. Скоротіть їх і спробуйте знову.
miniapp-rules-fix-line-too-long = Рядок { $n } («{ $line }») задовгий: максимум символів — { $max }.
miniapp-rules-fix-line-bad-pattern = Рядок { $n } («{ $line }») — некоректний регулярний вираз: перевірте дужки й спецсимволи.
miniapp-rules-fix-line-empty = У рядку { $n } («{ $line }») немає жодного слова: напишіть слово, фразу або /вираз/.
miniapp-rules-fix-list = У цьому списку забагато рядків: максимум — { $max }.
miniapp-rules-fix-limit = Введіть ціле число від 0 до { $max } (0 — не блокувати).
miniapp-rules-fix-window = Введіть ціле число годин від 1 до { $max }.
miniapp-rules-fix-paid-orders = Введіть ціле число від 0 до { $max } (0 — доступна всім).
miniapp-rules-fix-other = Деякі значення не прийнято. Оновіть сторінку й спробуйте знову.
miniapp-rules-recent = Нещодавно відхилені описи
miniapp-rules-recent-empty = Поки жоден опис не відхилено.
miniapp-rules-customer = клієнт { $id }
miniapp-rules-place-private = особистий чат
miniapp-rules-place-group = група
miniapp-rules-place-guest = гостьовий чат
miniapp-rules-matched = Спрацювало:
miniapp-rules-banned = заблоковано

# ── Групи (/group, issue 42) ──
group-joined-off = 👋 Дякуємо, що додали { brand-name }! Бот працює лише в особистих чатах, тож виходить із групи. Напишіть йому напряму: @{ $bot }
group-joined-closed = 👋 Привіт! Генерації тут запрацюють, коли адмін { brand-name } увімкне їх командою /group.
group-joined-open = 👋 Привіт! Будь-хто тут може попросити в { brand-name } зображення: <code>/generate@{ $bot } руда лисиця в снігу</code>. Кожен платить зі свого гаманця.
group-status-title = 👥 <b>{ $title }</b>
group-status-open = ✅ Генерації тут увімкнено.
group-status-closed = ⏸ Генерації тут вимкнено.
group-status-off = ⏸ Групи для цього бота вимкнено (GROUPS=off).
group-status-today = Сьогодні: { $used ->
    [one] { $used } генерація
    [few] { $used } генерації
   *[other] { $used } генерацій
  }
group-status-cap = Денний ліміт: { $cap }
group-status-no-cap = Денного ліміту немає.
group-status-help = <code>/group on</code> · <code>/group off</code> · <code>/group cap 20</code> (<code>/group cap off</code> знімає ліміт)
group-turned-on = ✅ Генерації в цій групі увімкнено.
group-turned-off = ⏸ Генерації в цій групі вимкнено.
group-cap-set = ✅ Денний ліміт групи: { $cap }.
group-cap-removed = ✅ Денного ліміту в групи більше немає.
group-cap-usage = Напишіть число від 1 до { $max }: <code>/group cap 20</code> або <code>/group cap off</code>.
group-closed = ⏸ Генерації в цій групі вимкнено.
group-capped = ⏳ Група вичерпала денний ліміт генерацій ({ $cap }). Наступні — з { $reset }.
group-anonymous = Генерації оплачуються з особистого гаманця: напишіть від свого імені, а не від імені групи.
group-generate-usage = Опишіть після команди, що створити: <code>/generate@{ $bot } руда лисиця в снігу</code>
group-no-models = Зараз із групи не можна замовити жодну модель. Усі моделі доступні в особистому чаті з ботом.
group-not-yours = Це замовлення { $name }: кнопками може користуватися лише автор. Замовте своє через /generate.
group-card = 🎨 <b>{ $model }</b>
    «{ $prompt }»
group-card-confirm-price = ✅ Підтвердити · { $price }
group-card-confirm = ✅ Підтвердити
group-card-another = 🔄 Інша модель
group-card-placed = ✅ Замовлення оформлено: { $model }. Результат з'явиться тут.
group-card-top-up = ⭐ Поповнити в особистому чаті
group-order-for = 🎨 Для { $name }
group-result-make-your-own = ✨ Створити своє
group-result-report = ⚠️ Поскаржитися
guest-usage = Напишіть після імені бота, що створити: <code>@{ $bot } руда лисиця в снігу</code>
guest-first-visit = 👋 { $name }, щоб замовляти тут, відкрийте { brand-name } один раз: там ваш гаманець. Потім знову напишіть у цьому чаті.
guest-open-bot = Відкрити { brand-name }
guest-no-models = Звідси зараз не можна замовити жодну модель. Усі моделі доступні в особистому чаті з ботом.
guest-not-yours = Це замовлення { $name }: кнопками може користуватися лише автор. Замовте своє: @{ $bot } та опис.
guest-result-elsewhere = 🎨 Для { $name }: результат в особистому чаті з { brand-name }.
report-thanks = Дякуємо, адміни подивляться.
report-again = Ви вже поскаржилися на це.
report-admin = ⚠️ <b>Скарга № { $id }</b> · { $chat }
    Автор: { $owner } (<code>{ $ownerId }</code>) · { $model }
    «{ $prompt }»
report-button-remove = 🗑 Видалити допис
report-button-ban = ⛔️ Заблокувати автора
report-button-dismiss = ✔️ Відхилити
report-remove-failed = Допис не вдалося видалити: йому понад 48 годин або його вже немає. Заблокуйте автора або відхиліть скаргу.
report-done = Готово.
report-already = Цю скаргу вже розглянув інший адмін.
report-status-open = ⏳ Чекає на адміна.
report-status-removed = 🗑 Допис видалено.
report-status-banned = ⛔️ Автора заблоковано.
report-status-dismissed = ✔️ Скаргу відхилено.
report-guest-card = гостьова картка (бота покликали за ім'ям у чаті)
report-hidden-caption = 🚫 Видалено адміністраторами.
report-status-hidden = 🗑 Допис приховано: гостьову картку Telegram не дозволяє видалити жодному ботові, тому зображення закрите спойлером, а в підписі сказано, що його видалено.
reports-none = Відкритих скарг немає.
admin-command-reports = Скарги на дописи в групах (для адмінів)
admin-stats-reports = ⚠️ Скарги з груп за 30 днів: { $reports }; чекають на рішення: { $open }
admin-audit-report-removed = видалення допису користувача { $target } за скаргою № { $report }
admin-audit-report-banned = бан користувача { $target } за скаргою № { $report }
admin-audit-report-dismissed = відхилення скарги № { $report } на користувача { $target }
admin-audit-example-added = додавання прикладу до моделі № { $model } (вкладка «Моделі» в застосунку)
admin-audit-example-removed = видалення прикладу моделі № { $model }
orders-in-group = { " " }· 👥 { $chat }
orders-details-group = 👥 Замовлення з групи { $chat }; його кнопки — там.
admin-audit-group-enabled = увімкнення генерацій у групі { $chat }
admin-audit-group-disabled = вимкнення генерацій у групі { $chat }
admin-audit-group-cap-set = денний ліміт групи { $chat }: { $cap } (0 — без ліміту)

# ── Control room: groups ──
miniapp-tab-groups = Групи
miniapp-groups-title = Групи
miniapp-groups-mode-off = Групи вимкнено (GROUPS=off): бот виходить із груп, до яких його додають.
miniapp-groups-mode-allowlist = Групи за дозволом (GROUPS=allowlist): група приймає замовлення, щойно її увімкнуть тут або командою /group on у самій групі.
miniapp-groups-mode-on = Групи увімкнено (GROUPS=on): замовлення приймаються в усіх групах, де є бот, крім вимкнених тут або командою /group off у самій групі.
miniapp-groups-empty = Додайте бота до групи — і вона з’явиться тут.
miniapp-groups-left = бот вийшов
miniapp-groups-chat-id = ID чату: { $id }
miniapp-groups-open = Приймає замовлення
miniapp-groups-closed = Не приймає замовлень
miniapp-groups-capped = Денний ліміт вичерпано
miniapp-groups-used-today = Генерацій сьогодні: { $used }
miniapp-groups-cap-now = Денний ліміт: { $cap }
miniapp-groups-no-cap = Без денного ліміту
miniapp-groups-switch = Замовлення в цій групі
miniapp-groups-on = Увімкнено
miniapp-groups-off = Вимкнено
miniapp-groups-default = За замовчуванням
miniapp-groups-default-off = За замовчуванням — як задано в GROUPS=off: жодна група не приймає замовлень.
miniapp-groups-default-allowlist = За замовчуванням — як задано в GROUPS=allowlist: група не приймає замовлень, доки її не увімкнуть.
miniapp-groups-default-on = За замовчуванням — як задано в GROUPS=on: група приймає замовлення.
miniapp-groups-cap = Денний ліміт (порожньо — без ліміту)
miniapp-groups-save = Зберегти
miniapp-groups-saved = Збережено.
miniapp-groups-invalid = Не збережено: виправте позначене поле.
miniapp-groups-fix-cap = Введіть ціле число від 1 до { $max } або залиште поле порожнім, щоб зняти ліміт.
miniapp-groups-fix-other = Деякі значення не прийнято. Оновіть сторінку й спробуйте знову.
miniapp-groups-unknown = Бот більше не знає цієї групи. Оновіть сторінку.
admin-audit-group-default = повернення групи { $chat } до налаштування за замовчуванням (як задано в GROUPS)

# ── Control room: reports ──
miniapp-reports-title = Скарги
miniapp-reports-figures = Скарг за 30 днів: { $reports } · чекають на рішення: { $open }
miniapp-reports-empty = Відкритих скарг немає. Коли учасник поскаржиться на результат, скарга з’явиться тут, а адміни отримають повідомлення.
miniapp-reports-more = Показано лише найновіші відкриті скарги: { $shown }. Розгляньте їх, щоб побачити давніші.
miniapp-reports-id = Скарга № { $id }
miniapp-reports-group = Група: { $title }
miniapp-reports-group-unknown = Група: ID чату { $id }
miniapp-reports-guest-card = Гостьова картка (бота покликали за ім’ям у чаті)
miniapp-reports-owner = Автор: { $name }, ID { $id }
miniapp-reports-owner-id = Автор: ID { $id }
miniapp-reports-model = Модель: { $model }
miniapp-reports-no-description = Без опису
miniapp-reports-reporters = Скарг на цей результат: { $count }
miniapp-reports-remove = Видалити допис
miniapp-reports-ban = Заблокувати автора
miniapp-reports-dismiss = Відхилити
miniapp-reports-already = Цю скаргу вже розглянули раніше, тож нічого не змінилося.
miniapp-reports-outcome-removed = Скарга № { $id }: допис видалено.
miniapp-reports-outcome-hidden = Скарга № { $id }: гостьову картку приховано. Видаляти такі картки Telegram ботам не дозволяє, тому зображення закрили спойлером і підписали, що його прибрали адміни.
miniapp-reports-outcome-banned = Скарга № { $id }: автора заблоковано.
miniapp-reports-outcome-dismissed = Скарга № { $id }: відхилено.
miniapp-reports-remove-failed = Допис не вдалося видалити: йому понад 48 годин або його вже немає. Заблокуйте автора або відхиліть скаргу.
miniapp-reports-owner-admin = Автор — адмін бота, а адмінів не блокують. Видаліть допис або відхиліть скаргу.
miniapp-reports-unknown = Цієї скарги більше немає. Оновіть сторінку.
miniapp-reports-failed = Не вдалося виконати дію. Оновіть сторінку, щоб побачити, що сталося зі скаргою.

## Customer app (issue 43): the page's frame. One line each, { $variable } placeables only.
app-title = Мої результати
app-loading = Завантаження…
app-error = Щось пішло не так. Спробуйте ще раз.
app-retry = Повторити
app-open-from-bot-title = Відкрийте це з бота
app-open-from-bot = Ця сторінка працює всередині Telegram: відкрийте її кнопкою меню бота.
app-forbidden = Цей бот вам недоступний.
app-coming-soon = Незабаром.
app-tab-results = Результати
app-tab-models = Моделі
app-tab-wallet = Гаманець

## Customer app: the Results tab (gallery, viewer, sharing). One line each.
app-gallery-search = Пошук за описом
app-gallery-search-go = Знайти
app-gallery-search-clear = Скинути
app-gallery-all-models = Усі моделі
app-gallery-kind-all = Усе
app-gallery-kind-image = Зображення
app-gallery-kind-video = Відео
app-gallery-video = ▶ Відео
app-gallery-favourites = ★ Обране
app-gallery-favourite = В обраному
app-gallery-no-favourites = В обраному поки порожньо. Відкрийте результат і натисніть ☆, щоб він був тут.
app-gallery-more = Показати ще
app-gallery-empty-title = Тут поки порожньо
app-gallery-empty = Ваші зображення та відео з'являться тут, щойно ми їх надішлемо. Напишіть у чаті, що хочете створити.
app-gallery-open-bot = Створити в чаті
app-gallery-none-found = Нічого не знайшлося. Спробуйте інші слова або фільтр.
app-gallery-reset = Показати все
app-gallery-one-result = Результат, відкритий із чату.
app-gallery-show-all = Усі результати
app-viewer-back = Назад
app-viewer-favourite-off = ☆ До обраного
app-viewer-favourite-on = ★ В обраному
app-viewer-download = Завантажити
app-viewer-share = Надіслати в чат
app-viewer-story = В історію
app-viewer-again = Ще раз
app-viewer-change = Змінити
app-viewer-use = Взяти за основу
app-viewer-gone = Цього файлу більше немає. Можемо зробити його знову.
app-viewer-share-failed = Не вдалося підготувати надсилання. Спробуйте ще раз.
app-viewer-no-description = Без опису
app-viewer-delivered = Отримано { $date }
app-viewer-story-link = Створити своє

## Customer app: the Models and Wallet tabs. One line each.
app-price-from = від { $amount }
app-price-quoted = Точну ціну ми назвемо під час оформлення замовлення.
app-model-create = Створити
app-model-locked = 🔒 Відкриється після платних генерацій: поки { $have } з { $needed }.
app-models-unavailable = Список моделей тимчасово недоступний. Спробуйте за кілька хвилин.
app-models-none = Зараз немає доступних моделей. Спробуйте пізніше.
app-models-filter = Фільтр за типом
app-models-plan-note = Спершу списуються зірки підписки: у цьому періоді залишилося { $amount }.
app-type-all = Усі
app-type-image = 🖼 Зображення
app-type-video = 🎬 Відео
app-type-upscale = 🔍 Покращення якості
app-type-remove-bg = ✂️ Видалення фону
app-type-other = 🧩 Інше
app-takes-text = ✍️ Опис
app-takes-text-optional = ✍️ Опис (за бажанням)
app-takes-photos = 🖼 Фото: { $count }
app-takes-photos-up-to = 🖼 Фото: до { $max }
app-takes-photos-range = 🖼 Фото: { $min }–{ $max }
app-takes-videos = 🎬 Відео: { $count }
app-takes-videos-up-to = 🎬 Відео: до { $max }
app-takes-videos-range = 🎬 Відео: { $min }–{ $max }
app-takes-files = 📎 Файли: { $count }
app-takes-files-up-to = 📎 Файли: до { $max }
app-takes-files-range = 📎 Файли: { $min }–{ $max }
app-wallet-off = Платежі в цьому боті не підключено: генерації тут безплатні.
app-wallet-balance = Ваш баланс
app-wallet-paid = Куплені зірки
app-wallet-granted = Подарунки та бонуси
app-wallet-plan = Підписка { $name }
app-wallet-plan-renews = Зірки підписки можна витратити до { $date }, тоді Telegram продовжить підписку.
app-wallet-plan-ends = Зірки підписки можна витратити до { $date }, тоді підписка завершиться.
app-wallet-spending-order = Спершу ми списуємо зірки підписки, потім подарунки та бонуси, і лише тоді куплені зірки.
app-wallet-topup = Поповнити
app-wallet-plans = Підписки
app-wallet-plan-terms = { $allowance } кожні 30 днів за { $price }
app-wallet-subscribe = Оформити за { $price }
app-wallet-plans-rules = Зірки підписки витрачаються раніше за інші й згорають наприкінці кожного 30-денного періоду. Скасувати продовження можна будь-коли в /subscription.
app-wallet-already-subscribed = У вас уже є чинна підписка: загляньте в /subscription у чаті.
app-wallet-too-fast = Забагато натискань поспіль. Зачекайте хвилину й спробуйте ще раз.
app-wallet-invoice-failed = Не вдалося відкрити оплату. Спробуйте ще раз.
app-wallet-history = Останні операції
app-wallet-history-empty = Операцій ще немає.
app-wallet-what-topup = Поповнення
app-wallet-what-welcome = Вітальний бонус
app-wallet-what-grant = Подарунок від команди
app-wallet-what-hold = Замовлення: { $model }
app-wallet-what-capture = Замовлення: { $model }
app-wallet-what-release = Повернення: { $model }
app-wallet-what-charge = Замовлення: { $model } (файли надіслано повторно)
app-wallet-what-refund = Поповнення повернуто
app-wallet-what-refund-undo = Повернення скасовано
app-wallet-what-telegram-refund = Платіж повернув Telegram
app-wallet-what-promo = Промокод
app-wallet-what-referral = Винагорода за запрошення друга
app-wallet-what-allowance = Зірки підписки
app-wallet-what-allowance-expire = Зірки підписки згоріли
app-wallet-what-allowance-clawback = Витрачені зірки підписки, платіж за яку повернуто
app-promo-title = Промокод
app-promo-placeholder = Введіть код
app-promo-apply = Застосувати
app-promo-redeemed = 🎉 Промокод активовано: +{ $amount }! Ваш баланс: { $balance }.
app-promo-unknown = Такого промокоду немає. Перевірте, чи немає помилки, і спробуйте ще раз.
app-promo-used-up = Цей промокод уже вичерпано: усі активації використано.
app-promo-expired = Термін дії цього промокоду минув.
app-promo-disabled = Цей промокод більше не діє.
app-promo-already = Ви вже активували цей промокод: кожен код можна використати лише раз.
app-promo-throttled = Забагато неправильних кодів поспіль. Зачекайте кілька хвилин і спробуйте ще раз.
app-invite-title = Запрошуйте друзів
app-invite-bonus = 🎁 { $amount }, коли друг уперше отримає результат, оплачений купленими зірками
app-invite-percent = 💫 { $percent } % від куплених зірок, які друг витратить на результати в перші дні після приходу (днів: { $days })
app-invite-cap = Не більше { $amount } на день. Винагороди надходять подарунковими зірками: ними можна оплачувати замовлення, але повернути їх не можна.
app-invite-copy = Скопіювати
app-invite-copied = Посилання скопійовано.
app-invite-copy-failed = Не вдалося скопіювати: натисніть на посилання й утримуйте, щоб скопіювати його вручну.
app-invite-share = Поділитися
app-invite-stats = Прийшли: { $joined } · поповнили: { $paid } · ви заробили { $earned }
app-invite-stats-no-rewards = Прийшли: { $joined } · поповнили: { $paid }
