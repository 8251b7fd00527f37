# Термины (одни и те же во всех текстах; правила ниже проверяет test/texts):
# - «описание» — то, что клиент пишет для генерации. «Промпт» и «готовые промпты» — только
#   для библиотеки готовых промптов.
# - «картинки» и «видео» — то, что создаёт бот; «фото» и «видео» — то, что присылает клиент.
# - «заказ» — подтверждённая генерация; «звёзды» и «⭐ N» — суммы в звёздах.
# - Деньги: «списано», «спишется» — только при BILLING=stars (выбор по -setup.billing). Звёзды
#   списываются, только когда результат доставлен, иначе возвращаются.
# - Кнопки называем в кавычках-ёлочках, как на самой кнопке: нажмите «Пропустить».
# - Голос бота нейтральный: без «я» и глаголов в роде («понял», «нашёл»); вежливое «вы».
# - «админ» (не «администратор»).
# - Неразрывный пробел перед единицами и после знаков: 25,3 МБ, 12 сек, 5 мин, № 12, ⭐ 50.
# - Направление: стрелки (◀️ ▶️ ➡️ →) пишутся здесь, не в коде, чтобы язык с письмом справа налево
#   развернул их в своём файле.

# Задаётся ботом при запуске (src/bot/i18n.ts): .billing = stars при BILLING=stars, .support =
# contact, если задан SUPPORT_CONTACT (тогда тексты заканчиваются строкой с контактом).
-setup = setup
    .billing = off
    .support = none

# ── Общее ───────────────────────────────────────────────
brand-name = AI Studio
sandbox-badge = 🧪 Тестовый режим: генерации имитируются и ничего не стоят.
error-generic = 😔 У нас что-то пошло не так. Попробуйте ещё раз через минуту.
error-stale-button = Эта кнопка больше не активна.
button-back = ◀️ Назад
button-main-menu = 🏠 Главное меню
button-retry = 🔁 Попробовать ещё раз

# ── /start и главное меню ───────────────────────────────
start-welcome =
    👋 Привет, { $name }!

    Это <b>{ brand-name }</b>. Здесь ваши идеи превращаются в картинки и видео с помощью лучших нейросетей.

    Выберите, что хотите сделать:
start-welcome-bonus = 🎁 На ваш кошелёк зачислено { $amount } — попробуйте бесплатно.
menu-title = Что хотите сделать?
menu-language = 🌐 Язык
menu-help = ❓ Помощь

# ── /language ───────────────────────────────────────────
# Название этого языка на нём самом, с флагом (/language перечисляет все установленные).
language-name = 🇷🇺 Русский
language-choose = 🌐 <b>Язык и подпись к результатам</b>
language-changed = ✅ Язык переключён на русский.

# ── /help ───────────────────────────────────────────────
help-text =
    <b>{ brand-name }: как это работает</b>

    1. Нажмите «🎨 Создать» или отправьте /generate и выберите модель. Готовые промпты, с которых можно начать, — в /prompts.
    2. Отправьте описание, а если модель просит, — ещё фото или видео.
    3. { $billing ->
        [stars] Проверьте цену в звёздах и нажмите «Подтвердить». Звёзды резервируются и списываются, только когда результат до вас дошёл; если заказ не удался или отменён, они вернутся.
        [prices] Проверьте настройки и нажмите «Подтвердить». Для вас генерации бесплатны; в заказе видно, во сколько он обходится боту.
       *[free] Проверьте настройки и нажмите «Подтвердить». Генерации бесплатны.
    }
    4. Результат придёт прямо в этот чат. Все заказы — в /orders: там же можно получить файлы заново, пока они хранятся (срок виден в заказе).{ $wallet }

    <b>Команды</b>
    { $commands }

# ── /cancel ─────────────────────────────────────────────
cancel-done = ✖️ Отменено. Ничего не заказано.
cancel-nothing = Отменять нечего.

# ── Ответ на непонятное ─────────────────────────────────
unhandled-text = Не получилось разобрать сообщение. Нажмите «🏠 Главное меню» или отправьте /help.
unhandled-callback = Эта кнопка уже не работает. Отправьте /start, чтобы открыть меню.

# ── Список команд в Telegram ────────────────────────────
command-start = Главное меню
command-language = Язык и настройки
command-help = Как это работает
command-cancel = Прервать текущее действие

# ── Генерация: выбор модели ─────────────────────────────
menu-generate = 🎨 Создать
command-generate = Создать картинку или видео
gen-choose-type = 🎨 Что будем создавать?
gen-choose-model = { $type }: выберите модель
gen-no-models = Сейчас нет доступных моделей. Попробуйте позже.
gen-catalog-unavailable = ⏳ Список моделей временно недоступен: не удаётся связаться с сервисом генерации. Попробуйте через несколько минут.
gen-model-unavailable = Эта модель больше недоступна. Выберите другую — кнопка ниже.
price-from = от { $amount }
model-type-image = 🖼 Картинки
model-type-video = 🎬 Видео
model-type-upscale = 🔍 Улучшение качества
model-type-remove-bg = ✂️ Удаление фона
model-type-other = 🧩 Другое

# ── Генерация: форма ────────────────────────────────────
button-cancel = ✖️ Отмена
button-skip = ⏭ Пропустить
button-done = ✅ Готово
button-continue = ➡️ Продолжить
gen-started = Вы выбрали <b>{ $model }</b>. Давайте настроим генерацию. Прервать можно в любой момент — командой /cancel.
gen-cancelled = ✖️ Отменено. Ничего не заказано.
gen-prompt-ask = ✍️ Опишите, что хотите получить.{ $limits }
gen-prompt-ask-optional = ✍️ Опишите, что хотите получить, или нажмите «Пропустить».{ $limits }
gen-prompt-limit = { " " }До { $max } { $max ->
    [one] символа
    [few] символов
    [many] символов
   *[other] символа
  }.
gen-prompt-expected-text = Пожалуйста, отправьте описание текстовым сообщением.
gen-prompt-media-first = Сначала, пожалуйста, описание текстом: фото и видео понадобятся на следующем шаге.
gen-prompt-text-only = Этой модели нужно только текстовое описание — отправьте его сообщением.
gen-prompt-caption-used = 📝 Подпись к файлу сохранена как описание. Сам файл понадобится на следующем шаге — отправьте его тогда ещё раз.
gen-prompt-caption-no-media = 📝 Подпись к файлу сохранена как описание. Эта модель работает только по описанию, поэтому сам файл не понадобится.
gen-prompt-too-long = Описание слишком длинное: { $length } { $length ->
    [one] символ
    [few] символа
    [many] символов
   *[other] символа
  }, а эта модель принимает не больше { $max }. Сократите его и отправьте ещё раз.
gen-prompt-too-short = Описание слишком короткое: нужно хотя бы { $min } { $min ->
    [one] символ
    [few] символа
    [many] символов
   *[other] символа
  }.
gen-media-kind-image = фото
gen-media-kind-video = видео
gen-media-kind-any = фото или видео
gen-media-count-exact = отправьте { $n } { $kind ->
    [image] фото
    [video] видео
   *[any] фото или видео
  }
gen-media-count-range = отправьте от { $min } до { $max } { $kind ->
    [image] фото
    [video] видео
   *[any] фото или видео
  }
gen-media-count-optional = отправьте { $max ->
    [1] { $max } { $kind ->
        [image] фото
        [video] видео
       *[any] фото или видео
    }
    [one] до { $max } { $kind ->
        [image] фото
        [video] видео
       *[any] фото или видео
    }
    [few] до { $max } { $kind ->
        [image] фото
        [video] видео
       *[any] фото или видео
    }
    [many] до { $max } { $kind ->
        [image] фото
        [video] видео
       *[any] фото или видео
    }
   *[other] до { $max } { $kind ->
        [image] фото
        [video] видео
       *[any] фото или видео
    }
  } или нажмите «Пропустить»
gen-media-ask =
    📎 <b>{ $what }</b>: { $mode ->
        [exact] { gen-media-count-exact }
        [range] { gen-media-count-range }
       *[optional] { gen-media-count-optional }
    }.
    Форматы: { $formats }.{ $kind ->
        [video] { "" }
       *[other] { " " }Чтобы сохранить исходное качество, отправляйте фото файлом.
    }
gen-media-expected-file = Пожалуйста, отправьте сюда { $kind } или воспользуйтесь кнопками.
gen-media-uploading = ⏳ Загружаем файл…
gen-media-received = ✅ Получено { $count } из { $max }. Отправьте ещё или нажмите «Готово».
gen-media-received-more = ✅ Получено { $count } из { $max }. Отправьте ещё хотя бы { $left }.
gen-media-received-full = ✅ Получено { $count } из { $max } — больше на этом шаге не нужно. Нажмите «Готово», чтобы продолжить.
gen-media-received-one = ✅ Получено.
gen-media-failed = ⚠️ Не получилось принять файл.
gen-media-relay-too-big-for-telegram = Telegram даёт ботам скачивать файлы только до 20 МБ. Отправьте файл поменьше.
gen-media-relay-telegram-download-failed = Не удалось скачать его из Telegram. Отправьте файл ещё раз.
gen-media-relay-upload-failed = Файл не загрузился. Отправьте его ещё раз.
gen-media-relay-upload-not-ready = Файл ещё обрабатывается. Отправьте его снова через минуту.
gen-media-relay-content-mismatch = Его содержимое не соответствует имени: например, это документ с расширением .jpg, который на самом деле не фото. Пожалуйста, отправьте настоящее фото или видео.
gen-media-upload-stopped = ✖️ Загрузка остановлена.
media-input-image = Фото
media-input-video = Видео
media-input-character-image = Фото с лицом, которое нужно перенести
media-input-target-image = Фото, куда вставить лицо
media-problem-unsupported-type = ⚠️ Такой тип файла здесь не подходит. Допустимые форматы: { $formats }.
media-problem-too-many = ⚠️ Это уже лишний файл: на этом шаге можно не больше { $max } { $max ->
    [one] файла
    [few] файлов
    [many] файлов
   *[other] файла
  }. Нажмите «Готово», чтобы продолжить.
media-problem-too-big-for-telegram = ⚠️ Файл весит { $size } МБ, а Telegram даёт ботам скачивать не больше { $limit } МБ. Отправьте файл поменьше или сожмите его.
media-problem-too-big = ⚠️ Файл весит { $size } МБ, а эта модель принимает не больше { $limit } МБ. Отправьте файл поменьше.
media-problem-video-too-long = ⚠️ Видео длится { $seconds } сек, а эта модель принимает не больше { $limit } сек. Обрежьте его и отправьте снова.
media-problem-video-too-short = ⚠️ Видео длится { $seconds } сек, а этой модели нужно хотя бы { $limit } сек. Отправьте видео подлиннее.
media-problem-dimensions = ⚠️ Размер файла — { $width }×{ $height } пикс. Каждая сторона должна быть от { $min } до { $max } пикс.
media-problem-dimensions-min = ⚠️ Размер файла — { $width }×{ $height } пикс. Каждая сторона должна быть не меньше { $min } пикс.
media-problem-dimensions-max = ⚠️ Размер файла — { $width }×{ $height } пикс. Каждая сторона должна быть не больше { $max } пикс.
media-problem-pixels = ⚠️ Разрешение файла не подходит этой модели: слишком мало или слишком много пикселей. Отправьте файл другого размера.
media-problem-aspect-ratio = ⚠️ Соотношение сторон файла — { $ratio } (ширина к высоте), а эта модель принимает от { $min } до { $max }. Обрежьте файл и отправьте снова.
media-problem-aspect-ratio-min = ⚠️ Соотношение сторон файла — { $ratio } (ширина к высоте), а эта модель принимает соотношение не меньше { $min }. Обрежьте файл и отправьте снова.
media-problem-aspect-ratio-max = ⚠️ Соотношение сторон файла — { $ratio } (ширина к высоте), а эта модель принимает соотношение не больше { $max }. Обрежьте файл и отправьте снова.
gen-options-title = ⚙️ <b>Настройки</b>. Чтобы изменить параметр, нажмите на него. Если всё устраивает — «Продолжить».
gen-option-choose = <b>{ $name }</b> — выберите значение.{ $hint }
gen-option-type-number = { " " }Или введите число от { $min } до { $max }.
gen-option-type-number-min = { " " }Или введите число не меньше { $min }.
gen-option-type-number-max = { " " }Или введите число не больше { $max }.
gen-option-type-number-any = { " " }Или введите число.
gen-option-type-text = { " " }Напишите значение сообщением.
gen-options-use-buttons = Пожалуйста, выберите настройки кнопками выше.
gen-options-missing = Нужно указать: { $names }
gen-option-invalid-not-a-number = Пожалуйста, отправьте число.
gen-option-invalid-not-an-integer = Пожалуйста, отправьте целое число.
gen-option-invalid-below-min = Значение должно быть не меньше { $min }.
gen-option-invalid-above-max = Значение должно быть не больше { $max }.
gen-option-invalid-off-step = Такое значение не подходит. Выберите одну из кнопок.
gen-option-invalid-empty = Пожалуйста, отправьте значение.
option-duration = Длительность
option-resolution = Разрешение
option-aspect-ratio = Соотношение сторон
option-output-format = Формат
option-upscale-factor = Степень увеличения
option-num-images = Количество картинок
option-value-yes = Да
option-value-no = Нет
option-value-seconds = { $n } сек
option-value-unset = не задано
option-value-adaptive = Авто
option-value-auto = Авто
gen-pricing = ⏳ Считаем точную цену…
gen-preparing = ⏳ Готовим заказ…
gen-try-again-later = Попробуйте позже или выберите другую модель.

# ── Генерация: заказ с ценой ────────────────────────────
summary-title = 🧾 <b>Проверьте заказ</b>
summary-model = Модель: <b>{ $model }</b>
summary-prompt = Описание: <i>{ $prompt }</i>
summary-media = { $input }: { $count }
summary-option = { $name }: { $value }
summary-price = 💰 Цена: <b>{ $price }</b>
summary-cost = 💸 Стоимость для бота: <b>{ $price }</b> (для вас бесплатно)
summary-quote-note = Цена действует до { $time }.
button-confirm = ✅ Подтвердить · { $price }
button-change-options = ⚙️ Настройки
order-submitting = Оформляем заказ…
order-price-outdated = Цена изменилась. Проверьте новую цену и подтвердите ещё раз.
order-requoted = { -setup.billing ->
    [stars] ⚠️ Цена изменилась: была { $old }, стала { $new }. Ничего не списано — подтвердите новую цену.
   *[other] ⚠️ Цена изменилась: была { $old }, стала { $new }. Подтвердите новую цену.
  }
order-refused = { -setup.billing ->
    [stars] ⚠️ Не удалось оформить заказ. Ничего не списано.
   *[other] ⚠️ Не удалось оформить заказ.
  }
order-pending = { -setup.billing ->
    [stars] ⏳ Сервис генерации сейчас не отвечает. Ничего не потеряно: нажмите «Подтвердить» ещё раз через минуту — второй заказ не создастся и дважды ничего не спишется.
   *[other] ⏳ Сервис генерации сейчас не отвечает. Ничего не потеряно: нажмите «Подтвердить» ещё раз через минуту — второй заказ не создастся.
  }
order-closed = Этот заказ уже закрыт, подтвердить его нельзя. Новый можно начать кнопкой ниже.
order-status-queued = Заказ оформлен и ждёт в очереди
order-status-processing = Идёт генерация…
order-status-completed = Готово!
order-status-failed = Генерация не удалась
order-status-cancelled = Заказ отменён
order-cost = 💸 Стоимость для бота: { $price }

# ── Ошибки сервиса, понятными словами ──────────────────
upstream-detail = Ответ сервиса (на английском): { $detail }
upstream-error-unauthorized = Сервис настроен неправильно. Мы уже знаем об этом — попробуйте позже.
upstream-error-model-not-found = Эта модель больше недоступна. Выберите другую.
upstream-error-order-not-found = Заказ не найден.
upstream-error-cannot-cancel = Этот заказ уже нельзя отменить.
upstream-error-not-ready = Заказ ещё передаётся в работу — отменить его можно будет через несколько секунд.
upstream-error-cancel-pending = Отмена запрошена, ждём подтверждения.
upstream-error-cancel-failed = Отменить пока не удалось. Попробуйте через несколько секунд.
upstream-error-file-not-found = Один из загруженных файлов больше недоступен. Отправьте его ещё раз.
upstream-error-file-expired = Срок хранения загруженных файлов истёк: они хранятся 24 часа. Отправьте их ещё раз.
upstream-error-upload-processing = Файлы ещё обрабатываются. Попробуйте через несколько секунд.
upstream-error-validation-error = Модель не может принять такие настройки или файлы.
upstream-error-prompt-required = Этой модели нужно описание.
upstream-error-media-required = Этой модели нужно фото или видео.
upstream-error-too-many-media = Слишком много файлов для этой модели.
upstream-error-invalid-media-type = Один из файлов не подходит для этой модели.
upstream-error-insufficient-balance = { -setup.billing ->
    [stars] Сервис временно не принимает заказы. Ничего не списано — попробуйте позже.
   *[other] Сервис временно не принимает заказы. Попробуйте позже.
  }
upstream-error-too-many-active-orders = { -setup.billing ->
    [stars] Сервис генерации сейчас загружен. Ничего не списано — попробуйте ещё раз через пару минут.
   *[other] Сервис генерации сейчас загружен. Попробуйте ещё раз через пару минут.
  }
upstream-error-server-busy = Сервис сейчас перегружен. Попробуйте через минуту.
upstream-error-idempotency-conflict = { -setup.billing ->
    [stars] Этот заказ уже отправлялся с другими данными, повторить его нельзя. Ничего не списано — начните новый через /generate.
   *[other] Этот заказ уже отправлялся с другими данными, повторить его нельзя. Начните новый через /generate.
  }
upstream-error-internal-error = В сервисе генерации произошла внутренняя ошибка. Попробуйте позже.
upstream-error-deposit-required = Библиотека готовых промптов пока недоступна.
upstream-error-price-quote-required = Цену нужно пересчитать. Попробуйте ещё раз.
upstream-error-price-quote-changed = Цена изменилась. Проверьте новую цену.
upstream-error-price-quote-expired = Срок действия цены истёк. Проверьте новую цену.
upstream-error-network-error = Сервис генерации сейчас недоступен.
upstream-error-timeout = Сервис генерации слишком долго не отвечает.
upstream-error-bad-response = Сервис генерации прислал неожиданный ответ.
upstream-error-unknown = В сервисе генерации что-то пошло не так. Попробуйте позже.

# ── Orders (tracking) ──
menu-orders = 📋 Мои заказы
command-orders = Ваши заказы и их результаты
tracking-duration-seconds = { $s } сек
tracking-duration-minutes = { $m } мин { $s } сек
tracking-duration-hours = { $h } ч { $m } мин
tracking-elapsed = Прошло: { $duration }
tracking-wait-hint = Ждать здесь не обязательно: результат придёт в этот чат.
tracking-button-cancel = ✖️ Отменить генерацию
tracking-cancel-requested = ⏳ Отмена запрошена, ждём подтверждения…
tracking-status-lost = Заказ не найден
tracking-lost = { -setup.billing ->
    [stars] Сервис генерации больше не находит этот заказ, поэтому отслеживать его и прислать результат не получится. Звёзды вернутся в кошелёк. Нажмите «🔁 Попробовать ещё раз», чтобы оформить его заново с теми же данными.
   *[other] Сервис генерации больше не находит этот заказ, поэтому отслеживать его и прислать результат не получится. Нажмите «🔁 Попробовать ещё раз», чтобы оформить его заново с теми же данными.
  }
tracking-failed = Сервису генерации не удалось выполнить этот заказ. Можно попробовать ещё раз с тем же описанием, файлами и настройками.
tracking-detail = Ответ сервиса (на английском): { $detail }
tracking-button-retry = 🔁 Попробовать ещё раз
tracking-cancelled = Генерация остановлена.
tracking-kept-until = 📁 Файлы хранятся до { $date }. Сохраните их или получите заново через /orders до этого времени.
tracking-no-files = ⚠️ Сервис выполнил заказ, но не прислал ни одного файла.
tracking-files-expired = ⚠️ Срок хранения файлов уже истёк, отправить их не получилось.
tracking-files-partly-expired = ⚠️ Срок хранения части файлов уже истёк, их отправить не получилось.
tracking-files-as-links = ⚠️ Telegram не принял часть файлов, поэтому они отправлены ссылками для скачивания.
tracking-files-failed = ⚠️ Часть файлов отправить не удалось. Их можно запросить ещё раз через /orders.
tracking-links-title = 🔗 Ссылки для скачивания:
tracking-link = Файл { $n }
tracking-originals-caption = 📎 Исходное качество, без сжатия
order-cancel-sending = ⏳ Отменяем…
order-cancel-not-ready = Заказ ещё передаётся в работу — отменить его можно будет через несколько секунд.
order-cancel-too-late = Этот заказ уже завершён, отменить его нельзя.
order-cancel-unsupported = Эту модель нельзя остановить после начала генерации.
order-cancel-failed = Отменить не получилось. Попробуйте ещё раз через несколько секунд.
order-cancel-finished = Этот заказ уже завершён.
orders-title = 📋 <b>Ваши заказы</b>
orders-button-app = 🖼 Все мои результаты
orders-page = Страница { $page } из { $pages }
orders-empty = У вас пока нет заказов. Нажмите «Создать», чтобы оформить первый.
orders-line = { $n }. { $icon } <b>{ $model }</b> · { $status } · { $price } · { $date }
orders-price-held = { $price } в резерве
orders-price-returned = ↩️ { $price } возвращено
orders-status-queued = в очереди
orders-status-processing = генерируется
orders-status-completed = выполнен
orders-status-failed = не удался
orders-status-cancelled = отменён
orders-status-lost = не найден
orders-button-prev = ◀️ Более новые
orders-button-next = Более ранние ▶️
orders-details-title = 🧾 <b>Заказ от { $date }</b>
orders-details-status = Статус: { $status }
orders-details-finished = Завершён: { $date }
orders-details-kept-until = Файлы хранятся до: { $date }
orders-details-expired = Файлы были доступны до { $date }.
orders-button-resend = 📥 Прислать файлы ещё раз
orders-resend-started = Отправляем файлы…
orders-resend-expired = Срок хранения файлов этого заказа истёк, отправить их больше нельзя.
orders-retry-files-expired = Срок хранения файлов, которые вы отправляли для этого заказа, истёк: они хранятся 24 часа. Пришлите их, пожалуйста, ещё раз.

# ── Admin ──
admin-command-balance = Баланс Reseller API (для админов)
admin-command-stats = Статистика (для админов)
admin-balance =
    💰 <b>Баланс Reseller API:</b> { $balance }
    Админы получат предупреждение, если он станет меньше { $threshold }.
admin-balance-low = ⚠️ Баланс ниже порога: пополните, пожалуйста, счёт Reseller.
admin-checked-at = <i>Проверено { $time }.</i>
admin-balance-error = ⚠️ Не удалось узнать баланс у Reseller API: { $error }. Порог для предупреждения: { $threshold }.
admin-button-refresh = 🔄 Обновить
admin-stats-title = 📊 <b>Статистика</b>, { $time }
admin-stats-periods = <i>Периоды: «сегодня» — с { $start }; 7 и 30 дней включают сегодняшний день.</i>
admin-stats-users =
    👥 <b>Пользователи:</b> { $total }
    Новых: { $today } сегодня, { $week } за 7 дней
    Активных за 7 дней: { $active }
admin-stats-orders-title = 📦 <b>Заказы</b> (✅ выполнены · ❌ не удались · 🚫 отменены · ⏳ в работе)
admin-stats-orders-line = { $period }: { $total } (✅ { $completed } · ❌ { $failed } · 🚫 { $cancelled } · ⏳ { $active })
admin-stats-period-today = Сегодня
admin-stats-period-week = 7 дней
admin-stats-period-month = 30 дней
admin-stats-spent-title = 💸 <b>Потрачено в Reseller API</b> (выполненные заказы)
admin-stats-spent-line = { $period }: { $amount }
admin-stats-top-title = 🏆 <b>Популярные модели за 30 дней</b>
admin-stats-top-line = { $n }. { $model }: { $orders } { $orders ->
    [one] заказ
    [few] заказа
    [many] заказов
   *[other] заказа
}
admin-stats-top-empty = Заказов пока нет.
admin-stats-active = ⏳ <b>Сейчас в работе:</b> { $total } (в очереди { $queued }, генерируются { $processing })
admin-alert-low-balance =
    ⚠️ <b>Заканчиваются деньги на счёте Reseller API:</b> { $balance } (порог { $threshold }).
    Пополните, пожалуйста, счёт: когда деньги закончатся, заказы клиентов перестанут проходить.
admin-alert-unauthorized =
    🚨 <b>Reseller API не принимает API-ключ</b> (unauthorized).
    Заказы нельзя ни создать, ни отследить. Проверьте RESELLER_API_KEY и перезапустите бота.
admin-alert-insufficient-balance =
    💸 <b>Заказ отклонён: на счёте Reseller не хватает денег.</b>
    Клиент хотел заказать { $model } и получил ответ, что сервис временно недоступен. Пополните, пожалуйста, счёт.
admin-alert-upstream-down =
    🔴 <b>Reseller API не отвечает:</b> ошибок подряд — { $failures } за { $minutes } мин. Последняя: { $error }.
    Заказы сохранены и будут отслежены, когда сервис заработает.
admin-alert-upstream-recovered = 🟢 Reseller API снова отвечает (перерыв около { $minutes } мин).
admin-alert-unreadable-model =
    🧩 <b>Модель не удалось прочитать, она скрыта из меню:</b> { $model }.
    Причина: { $reason }
    Остальные модели доступны как обычно.
admin-alert-charge-mismatch =
    💱 <b>Списано не столько, сколько подтверждено:</b> заказ { $model } подтверждён за { $confirmed }, а Reseller API списал { $charged }.
    Список моделей перезагружен, чтобы новые заказы показывали актуальную цену.
admin-alert-catalog-stale =
    📦 <b>Не удалось загрузить список моделей из Reseller API:</b> { $error }.
    Бот показывает последний сохранённый список (моделей: { $count }). Заказы по-прежнему уходят в API, и принимать ли их, решает оно.

# ── Prompt library ──
menu-prompts = 📚 Готовые промпты
command-prompts = Готовые промпты для картинок и видео
prompts-title = 📚 <b>Готовые промпты</b>
prompts-intro = Готовые идеи для картинок и видео. Выберите понравившуюся — и генерация начнётся с уже заполненным описанием.
prompts-type-image = 🖼 Картинки
prompts-type-video = 🎬 Видео
prompts-type-all = 📚 Все
prompts-button-search = 🔎 Поиск
prompts-button-search-again = 🔎 Новый поиск
prompts-button-prev = ◀️ Предыдущие
prompts-button-next = Следующие ▶️
prompts-button-use = ✨ Использовать промпт
prompts-choose-category = { $type }: выберите категорию или найдите промпт по словам.
prompts-no-categories = { $type }: здесь пока нет промптов.
prompts-category-header = { $type } · { $category }
prompts-search-header = 🔎 Поиск: <b>{ $query }</b>
prompts-search-ask = 🔎 Отправьте слово или короткую фразу для поиска — до { $max } { $max ->
    [one] символа
    [few] символов
    [many] символов
   *[other] символа
  }. Поиск идёт по названиям и текстам на русском и английском.
prompts-search-expected-text = Пожалуйста, отправьте слова для поиска текстовым сообщением.
prompts-search-too-long = Слишком длинный запрос: пожалуйста, не больше { $max } { $max ->
    [one] символа
    [few] символов
    [many] символов
   *[other] символа
  }.
prompts-search-empty = Ничего не нашлось. Попробуйте другие слова — на русском или английском.
prompts-empty = Здесь пока нет промптов.
prompts-page = Страница { $page } из { $pages }
prompts-line = { $n }. <b>{ $title }</b>{ $note }
prompts-only-in = { $language ->
    [en] (только на английском)
   *[ru] (только на русском)
  }
prompts-detail-title = ✨ <b>{ $title }</b>
prompts-detail-category = Категория: { $category } · { $type }
prompts-detail-only-in = { $language ->
    [en] 🌐 Этот промпт есть только на английском.
   *[ru] 🌐 Этот промпт есть только на русском.
  }
prompts-detail-cut = <i>Здесь текст сокращён, но в генерацию уйдёт весь промпт целиком.</i>
prompts-choose-model = Выберите модель для этого промпта:
prompts-no-models = Сейчас нет моделей, которые могут принять этот промпт. Попробуйте позже.
prompts-started = ✨ Описание взято из промпта «{ $title }».
prompts-too-long = Этот промпт слишком длинный для { $model }: в нём { $length } { $length ->
    [one] символ
    [few] символа
    [many] символов
   *[other] символа
  }, а модель принимает не больше { $max }. Отправьте своё описание покороче — вот исходный текст, чтобы скопировать и поправить:
prompts-too-short = Этот промпт слишком короткий для { $model }: нужно хотя бы { $min } { $min ->
    [one] символ
    [few] символа
    [many] символов
   *[other] символа
  }. Отправьте своё описание — вот исходный текст, чтобы скопировать и поправить:
prompts-unavailable = 📚 Библиотека готовых промптов пока недоступна. Нажмите «🎨 Создать» и опишите свою идею сами.
prompts-try-again = Попробуйте ещё раз через несколько минут.
prompts-unavailable-admin = Для админов: библиотека откроется, когда общая сумма пополнений аккаунта достигнет { $required } USD (сейчас { $deposited } USD).

# ── White label ──
access-private = { -setup.support ->
    [contact]
        🔒 Это закрытый бот: пользоваться им могут только приглашённые.
        Если вам нужен доступ, напишите владельцу бота.
   *[other]
        🔒 Это закрытый бот: пользоваться им могут только приглашённые.
        Если вам нужен доступ, обратитесь к тому, кто вас пригласил.
  }
access-banned = ⛔️ Этот бот вам недоступен.
access-support = 💬 Поддержка: { $support }
limits-active-orders = { -setup.billing ->
    [stars] ⏳ Сейчас у вас запущено слишком много генераций: одновременно — не больше { $max }. Заказ сохранён: нажмите «Подтвердить» ещё раз, когда одна из генераций завершится. Ничего не списано.
   *[other] ⏳ Сейчас у вас запущено слишком много генераций: одновременно — не больше { $max }. Заказ сохранён: нажмите «Подтвердить» ещё раз, когда одна из генераций завершится.
  }
limits-daily-orders = { -setup.billing ->
    [stars] 📅 Дневной лимит исчерпан: не больше { $max } { $max ->
        [one] заказа
        [few] заказов
        [many] заказов
       *[other] заказа
    } в день. Заказ сохранён: нажмите «Подтвердить» ещё раз после { $reset }, когда лимит обновится. Ничего не списано.
   *[other] 📅 Дневной лимит исчерпан: не больше { $max } { $max ->
        [one] заказа
        [few] заказов
        [many] заказов
       *[other] заказа
    } в день. Заказ сохранён: нажмите «Подтвердить» ещё раз после { $reset }, когда лимит обновится.
  }
limits-daily-spend = 📅 Этот заказ обходится боту в { $price }, а на ваши генерации сегодня осталось только { $remaining } (дневной бюджет — { $limit }). Заказ сохранён: нажмите «Подтвердить» ещё раз после { $reset }, когда бюджет обновится.
limits-daily-spend-free = 📅 Дневной лимит генераций на сегодня исчерпан. Заказ сохранён: нажмите «Подтвердить» ещё раз после { $reset }, когда лимит обновится.
limits-daily-spend-stars = 💰 Этот заказ ({ $price }) не укладывается в дневной лимит расходов. Заказ сохранён: нажмите «Подтвердить» ещё раз после { $reset }, когда лимит обновится. Ничего не списано.

# ── Кошелёк в звёздах (BILLING=stars) ──
stars-amount = ⭐ { $n }
command-wallet = Кошелёк и пополнение звёздами
command-paysupport = Помощь с оплатой
command-terms = Условия продажи
summary-wallet = 👛 В кошельке: { $balance }
wallet-title = 👛 <b>Ваш кошелёк:</b> { $balance }
wallet-title-plan = 👛 <b>Ваш кошелёк:</b> { $balance } (из них { $plan } — звёзды подписки, до { $date })
wallet-empty-history = Операций пока нет.
wallet-history-title = <b>Последние операции</b>
wallet-history-line = { $date } · { $amount } · { $what }
wallet-what-topup = пополнение
wallet-what-welcome = приветственный бонус
wallet-what-grant = подарок от команды
wallet-what-hold = заказ: { $model }
wallet-what-release = возврат: { $model }
wallet-what-refund = возврат пополнения
wallet-what-refund_undo = возврат отменён
wallet-what-capture = заказ: { $model }
wallet-choose-pack = Выберите, сколько звёзд добавить. Оплата — звёздами Telegram прямо в этом чате.
wallet-button-pack = ➕ { $amount }
wallet-invoice-title = { $amount } на генерации
wallet-invoice-description = Пополнение кошелька в { brand-name } на { $amount }. Звёзды списываются, только когда результат доставлен: если генерация не удалась или отменена, они вернутся.
wallet-invoice-label = Пополнение кошелька
referral-reward-earned = 👥 Друг, которого вы пригласили, получил генерацию в боте, и вам за это начислено { $amount }. Баланс: <b>{ $balance }</b>.
wallet-credited = ✅ В кошелёк зачислено { $amount }. Баланс: <b>{ $balance }</b>.
wallet-credited-order = Ваш заказ ждёт: нажмите кнопку ниже, чтобы оформить его.
card-topup = 🎨 Ваш заказ из чата: <b>{ $model }</b>, «{ $prompt }», стоит { $price }. В кошельке { $balance }.
    Пополните кошелёк кнопкой ниже, затем нажмите ✅ Подтвердить на карточке в чате.
card-topup-enough = ✅ Теперь звёзд в кошельке хватает на этот заказ: нажмите ✅ Подтвердить на карточке в чате.
wallet-credited-card = Ваш заказ ждёт в чате: нажмите ✅ Подтвердить на его карточке.
wallet-button-continue-order = ✅ Оформить заказ · { $price }
wallet-insufficient = 👛 Не хватает звёзд: заказ стоит { $price }, а в кошельке { $balance }. Пополните кошелёк хотя бы на { $missing } — после оплаты заказ можно оформить одной кнопкой.
wallet-button-topup = ➕ Пополнить на { $amount }
wallet-off = Платежи в этом боте не подключены: генерации здесь бесплатные.
checkout-unknown-invoice = Этот счёт больше не действует. Откройте /wallet и выберите сумму ещё раз.
checkout-already-paid = Этот счёт уже оплачен. Откройте /wallet, чтобы получить новый.
checkout-wrong-amount = Сумма счёта не совпадает. Откройте /wallet и выберите сумму ещё раз.
checkout-other-user = Этот счёт выставлен другому пользователю. Откройте /wallet, чтобы получить свой.
checkout-plan-unknown-invoice = Этот счёт за подписку больше не действует. Откройте /subscribe и выберите тариф ещё раз.
checkout-plan-wrong-amount = Сумма этого счёта за подписку больше не совпадает с тарифом. Откройте /subscribe и выберите тариф ещё раз.
checkout-plan-other-user = Этот счёт за подписку выставлен другому пользователю. Откройте /subscribe, чтобы получить свой.
checkout-not-allowed = Покупки для вашей учётной записи недоступны.
order-charged = Оплачено: { $price }
order-returned = ↩️ Возвращено в кошелёк: { $price }
order-held = Зарезервировано: { $price }. Спишется, только когда результат будет доставлен.
paysupport-text =
    💬 <b>Помощь с оплатой</b>
    Если с платежом что-то пошло не так или вы хотите вернуть пополнение, напишите в поддержку (контакт ниже) и укажите дату и сумму платежа. Пополнение возвращается только целиком и только пока все его звёзды ещё в кошельке.
    Звёзды списываются, только когда результат доставлен: если заказ не удался или отменён, они сами вернутся в кошелёк.
terms-text =
    📄 <b>Условия продажи</b>
    • Вы покупаете звёзды в кошелёк этого бота и тратите их на генерации. Цена в звёздах видна до подтверждения заказа.
    • При подтверждении заказа звёзды резервируются, а списываются, только когда результат доставлен; если заказ не удался, отменён или потерян, они возвращаются.
    • Пополнение можно вернуть целиком по запросу через /paysupport, пока все его звёзды ещё в кошельке: Telegram возвращает платёж только полностью, поэтому пополнение, из которого уже что-то потрачено, вернуть нельзя.
    • Подарочные звёзды (приветственный бонус, промокоды, награды за приглашения, подарки от команды) можно тратить на заказы, но вернуть нельзя.
    • Результаты создаются нейросетями и могут отличаться от ожиданий; за доставленный результат звёзды не возвращаются.
admin-command-refund = Вернуть платёж звёздами (для админов)
admin-command-grant = Начислить звёзды клиенту (для админов)
admin-command-wallet = Кошелёк клиента (для админов)
admin-refund-usage = Формат: <code>/refund &lt;telegram_payment_charge_id&gt;</code>. Charge id указан в строках пополнений в <code>/wallet &lt;id пользователя&gt;</code>.
admin-refund-done = ✅ Пользователю <code>{ $user }</code> возвращено { $amount }.
admin-refund-unknown = ⚠️ Платежа с таким charge id нет.
admin-refund-already = ⚠️ Этот платёж уже возвращён.
admin-refund-telegram = ⚠️ Telegram отклонил возврат: { $reason }. Звёзды остались в кошельке клиента.
admin-grant-usage = Формат: <code>/grant &lt;id пользователя&gt; &lt;звёзды&gt; [причина]</code>, от 1 до 100 000 звёзд.
admin-grant-done = ✅ Пользователю <code>{ $user }</code> начислено { $amount }. Баланс: { $balance }.
admin-grant-repeat = Эта команда уже выполнена.
admin-wallet-usage = Формат: <code>/wallet &lt;id пользователя&gt;</code>
admin-wallet-title = 👛 <b>Кошелёк</b> · <code>{ $user }</code>{ $name }: { $balance }
admin-wallet-history-line = { $date } · { $amount } · { $what } · <code>{ $charge }</code>
admin-stats-stars-title = ⭐ <b>Звёзды</b>
admin-stats-stars =
    Куплено: { $paid } (возвращено { $refunded })
    Заработано на выполненных заказах: { $earned }
    Зарезервировано текущими заказами: { $held }
    Подарено: { $granted } вручную, { $welcome } — приветственные бонусы
admin-stats-money-title = 💰 <b>Выручка и маржа</b> (звёзды клиентов по { $payout } за каждую, как платит Telegram; подаренные звёзды выручки не дают)
admin-stats-money-line = { $period }: выручка { $revenue } за { $stars }, расходы в Reseller API { $cost } (из них на подаренные звёзды { $given }), маржа { $margin }
admin-alert-reconciliation =
    🧾 <b>Учёт звёзд и Telegram расходятся</b> (расхождений: { $count }):
    { $details }
admin-recon-missing = платёж <code>{ $id }</code> ({ $stars }, пользователь <code>{ $user }</code>) не учтён в журнале
admin-recon-amount = платёж <code>{ $id }</code>: в журнале { $ledger }, в Telegram { $telegram }
admin-recon-unknown = пополнение <code>{ $id }</code> ({ $stars }) есть в журнале, но неизвестно Telegram
admin-recon-refund-unbooked = Telegram вернул <code>{ $id }</code>, но в журнале возврат не отмечен
admin-recon-refund-unknown = в журнале есть возврат <code>{ $id }</code>, но Telegram о нём не знает

orders-resend-charged = ✅ Файлы дошли — за заказ списано { $price }.
wallet-what-charge = заказ: { $model } (файлы отправлены повторно)
wallet-what-telegram_refund = платёж возвращён через Telegram
admin-refund-preview = Платёж на { $amount } от пользователя <code>{ $user }</code>. Оплаченных звёзд у него в кошельке: { $refundable } (подарочные не в счёт).
admin-refund-button = ↩️ Вернуть { $amount }
admin-refund-takes-reward = 👥 Возврат также заберёт награду за приглашение на { $amount }, начисленную за этот платёж: баланс пользователя <code>{ $referrer }</code> станет { $balance }.
admin-refund-partly-spent = ⚠️ Клиент уже потратил часть этих звёзд, а Telegram возвращает платёж только целиком, поэтому вернуть его нельзя.
admin-alert-telegram-refund =
    ↩️ <b>Telegram вернул платёж:</b> ⭐ { $stars } пользователю <code>{ $user }</code> (платёж <code>{ $charge }</code>). Возврат учтён в журнале, баланс теперь ⭐ { $balance }.

## Рассылки, карточка клиента, журнал действий (админы)
admin-command-broadcast = Рассылка клиентам (для админов)
admin-command-user = Карточка клиента (для админов)
admin-command-audit = Журнал действий админов (для админов)
broadcast-ask-content =
    📣 <b>Новая рассылка</b>

    Пришлите сообщение ровно таким, каким его должны увидеть клиенты: текст с любым оформлением или фото, видео, анимацию или документ с подписью.
broadcast-unsupported = Такое сообщение разослать нельзя. Пришлите текст или фото, видео, анимацию или документ с подписью.
broadcast-ask-button = Добавить под сообщением кнопку-ссылку?
broadcast-button-add = 🔗 Добавить кнопку-ссылку
broadcast-button-skip = Продолжить без кнопки
broadcast-ask-button-line =
    Пришлите одним сообщением текст кнопки и ссылку через вертикальную черту:
    <code>Открыть каталог | https://example.com</code>
broadcast-button-invalid =
    Не получилось разобрать. Нужен текст кнопки не длиннее { $max } { $max ->
        [one] символа
        [few] символов
        [many] символов
       *[other] символа
    }, вертикальная черта и ссылка, начинающаяся с https:// или http://, например:
    <code>Открыть каталог | https://example.com</code>
broadcast-preview = 👆 Так сообщение увидят клиенты. Кому его отправить?
broadcast-ask-audience = Кому отправить рассылку?
broadcast-audience-all = 👥 Всем
broadcast-audience-language = 🌐 По языку
broadcast-audience-active = 🕒 Недавно активным
broadcast-audience-paying = ⭐ Платившим
broadcast-audience-ids = 🔢 По списку id
broadcast-ask-language = Какой язык интерфейса у получателей?
broadcast-ask-days = За какой срок учитывать активность?
broadcast-days = { $days } { $days ->
    [one] день
    [few] дня
    [many] дней
   *[other] дня
}
broadcast-ask-ids = Пришлите Telegram id получателей через пробел, запятую или с новой строки — не больше { $max }.
broadcast-ids-invalid = Не найдено ни одного id. Пришлите только числа через пробел, запятую или с новой строки — не больше { $max }.
broadcast-button-back = ◀️ Назад
broadcast-button-discard = ✖️ Отменить
broadcast-discarded = Рассылка отменена, ничего не отправлено.
broadcast-use-buttons = Пожалуйста, воспользуйтесь кнопками выше.
broadcast-audience-empty = В этой аудитории сейчас некому писать: заблокировавшие бота и забаненные не входят. Выберите другую аудиторию.
broadcast-label-all = все клиенты
broadcast-label-language = клиенты, читающие на языке: { $language }
broadcast-label-active = активные за { $days ->
    [one] последний { $days } день
    [few] последние { $days } дня
    [many] последние { $days } дней
   *[other] последние { $days } дня
}
broadcast-label-paying = платившие клиенты
broadcast-label-ids = клиенты из списка
broadcast-confirm =
    Отправить это сообщение { $count ->
        [one] <b>{ $count }</b> получателю
        [few] <b>{ $count }</b> получателям
        [many] <b>{ $count }</b> получателям
       *[other] <b>{ $count }</b> получателя
    } ({ $audience })?
    Скорость — около { $rate } { $rate ->
        [one] сообщения
        [few] сообщений
        [many] сообщений
       *[other] сообщения
    } в секунду, так что отправка займёт примерно { $duration }.
broadcast-button-send = 📣 Отправить ({ $count })
broadcast-busy =
    ⏳ Рассылка № { $id } { $status ->
        [paused] на паузе
       *[running] ещё идёт
    }: обработано { $done } из { $total }. Одновременно идёт только одна рассылка: дождитесь её окончания или отмените её кнопкой в сообщении о ходе рассылки.
broadcast-progress-title = 📣 <b>Рассылка № { $id }</b>: { $state }
broadcast-state-running = идёт отправка
broadcast-state-paused = на паузе
broadcast-state-cancelled = отменена
broadcast-state-done = завершена
broadcast-progress-counts =
    ✅ Отправлено: { $sent }
    🚫 Заблокировали бота: { $blocked }
    ⚠️ Не доставлено: { $failed }
    ⏳ Осталось: { $left }
broadcast-progress-unconfirmed = ❔ Прервано во время отправки, повторно не отправлялось: { $count }
broadcast-progress-pace = { $rate } сообщ./сек · осталось около { $duration }
broadcast-progress-paused = На паузе: нажмите «Продолжить», чтобы возобновить.
broadcast-button-pause = ⏸ Пауза
broadcast-button-resume = ▶️ Продолжить
broadcast-button-cancel = ✖️ Отменить рассылку
broadcast-button-cancel-confirm = Да, отменить
broadcast-button-cancel-back = Нет, продолжить
broadcast-cancel-question = Отменить рассылку? Те, кто ещё не получил сообщение, его не получат.
broadcast-paused = Пауза
broadcast-resumed = Отправка продолжается
broadcast-cancelled = Рассылка отменена
broadcast-not-active = Эта рассылка уже закончилась.
broadcast-report =
    { $status ->
        [cancelled] ✖️ <b>Рассылка № { $id } отменена.</b>
       *[done] ✅ <b>Рассылка № { $id } завершена.</b>
    }
    Отправлено: { $sent } из { $total }
    Заблокировали бота: { $blocked } (им больше не пишем)
    Не доставлено: { $failed }
    Не отправлено: { $left }
    Время: { $duration }
admin-user-usage = Формат: <code>/user 123456789</code> или <code>/user @username</code>
admin-user-not-found = Клиент { $query } боту не писал.
admin-user-card =
    👤 <b>{ $name }</b>{ $username }
    ID: <code>{ $id }</code>
    Язык: { $language }
    Первый визит: { $first }
    Последний визит: { $last }
    Заказов: { $orders } (выполнено { $completed }), расходы на Reseller API: { $spent }
admin-user-wallet = Кошелёк: { $balance }
admin-user-limits = Сегодня: заказов { $ordersToday }, расходы на Reseller API: { $spentToday }; в работе: { $active }
admin-user-limits-caps = Лимиты: { $caps }
admin-user-limits-none = Лимиты: не заданы
admin-user-cap-active = { $n } одновременно
admin-user-cap-daily-orders = { $n } { $n ->
    [one] заказ
    [few] заказа
    [many] заказов
   *[other] заказа
  } в день
admin-user-cap-daily-spend = { $amount } в день
admin-user-language-auto = { $language } (из Telegram)
admin-user-status-ok = Статус: активен
admin-user-status-banned = ⛔️ Бан с { $date }
admin-user-status-blocked = 🚫 Бот заблокирован пользователем
admin-user-status-admin = 🛡 Админ
admin-user-button-ban = ⛔️ Забанить
admin-user-button-unban = ✅ Снять бан
admin-user-button-orders = 🧾 Последние заказы
admin-user-button-card = ◀️ К карточке
admin-user-banned = Пользователь забанен
admin-user-unbanned = Бан снят
admin-user-admin-not-bannable = Админа забанить нельзя.
admin-user-orders-title = 🧾 <b>Последние заказы: { $name }</b>
admin-user-orders-empty = Заказов пока нет.
admin-user-orders-line = { $date } · { $model } · { $status } · { $price }
admin-audit-title = 🗒 <b>Действия админов</b> · { $from }–{ $to } из { $total }
admin-audit-empty = Действий админов пока нет.
admin-audit-line = { $time } · <code>{ $actor }</code>{ $actorName }: { $action }
admin-audit-broadcast-started = запуск рассылки № { $id } (получателей: { $count })
admin-audit-broadcast-paused = пауза рассылки № { $id }
admin-audit-broadcast-resumed = возобновление рассылки № { $id }
admin-audit-broadcast-cancelled = отмена рассылки № { $id }
admin-audit-user-banned = бан { $target }
admin-audit-user-unbanned = разбан { $target }
admin-audit-stars-granted = начисление ⭐ { $stars } пользователю { $target }
admin-audit-payment-refunded = возврат ⭐ { $stars } пользователю { $target }
admin-audit-subscription-refunded = возврат оплаты подписки ⭐ { $stars } пользователю { $target }; сгорел остаток периода ⭐ { $expired }
admin-audit-other = { $action }
admin-audit-button-newer = ◀️ Более новые
admin-audit-button-older = Более ранние ▶️

## papercuts
wallet-granted-notice = 🎁 Команда { brand-name } начислила вам { $amount }. Баланс кошелька: <b>{ $balance }</b>.
wallet-refunded-notice = ↩️ Пополнение на { $amount } возвращено на ваш аккаунт Telegram. Баланс кошелька: <b>{ $balance }</b>.
admin-grant-unknown-user = ⚠️ Пользователь <code>{ $user }</code> ни разу не писал этому боту, поэтому ничего не начислено. Проверьте id: сначала человек должен открыть бота.
menu-wallet = 👛 Кошелёк · { $balance }
button-change-description = ✏️ Описание
button-change-files = 📎 Файлы
gen-change-what = Что поменять?
internal-file-name = ваш файл
help-wallet = 👛 <b>Кошелёк</b>: оплата — звёздами Telegram. Пополнить его можно в /wallet (баланс виден и на кнопке «👛 Кошелёк» в меню). Вопросы по оплате — /paysupport, условия продажи — /terms.
help-command = /{ $command } — { $description }
button-confirm-no-price = ✅ Подтвердить
order-requoted-no-price = ⚠️ Заказ пришлось проверить ещё раз. Подтвердите его, пожалуйста, снова.
orders-line-no-price = { $n }. { $icon } <b>{ $model }</b> · { $status } · { $date }

## money
order-status-undelivered = Не доставлено
orders-status-undelivered = не доставлен
tracking-undelivered-refused = Сервис генерации не вернул файл, который можно безопасно отправить.
tracking-undelivered-failed = Telegram не принял ни одного файла.
tracking-undelivered = { -setup.billing ->
    [stars] { $links ->
        [yes] Пока файлы не пришли в чат, за заказ ничего не списано.
       *[no] Ни один файл до вас не дошёл, поэтому за этот заказ ничего не списано.
    }
   *[other] Заказ сохранён в /orders.
  } { $next ->
    [resend] { -setup.billing ->
        [stars] Нажмите «📥 Прислать файлы ещё раз» ниже — если файлы дойдут, спишется { $price }.
       *[other] Нажмите «📥 Прислать файлы ещё раз» ниже, чтобы попробовать снова.
    }
   *[retry] Нажмите «🔁 Попробовать ещё раз» ниже, чтобы оформить его заново с теми же данными.
  }
orders-resend-nothing = Отправить файлы не получилось и в этот раз. Нажмите «🔁 Попробовать ещё раз», чтобы оформить заказ заново.
admin-alert-undelivered-order =
    📭 <b>Результат не доставлен:</b> заказ <code>{ $id }</code> ({ $model }) для чата <code>{ $chat }</code> выполнен, но ни один файл не дошёл до клиента. Ничего не списано.
tracking-undelivered-links = Telegram не принял файлы как фото или видео, поэтому они пришли ссылками для скачивания (выше).

## inbox
inbox-flood-notice = Сообщения приходят быстрее, чем бот успевает ответить, поэтому последние из них пропущены. Дождитесь ответа и, если нужно, отправьте их ещё раз.

## stale-status
admin-alert-unknown-order-status =
    ❓ <b>Заказ завис в неизвестном статусе:</b> заказ <code>{ $id }</code> ({ $model }) с { $since } находится в статусе <code>{ $status }</code>, который боту неизвестен. Бот продолжает его проверять, но в лимит активных заказов клиента он больше не входит.

## promo
command-promo = Активировать промокод
wallet-what-promo = промокод
wallet-what-referral = награда за приглашение
promo-button-enter = 🎁 У меня есть промокод
promo-button-another = 🎁 Ввести другой код
promo-ask = 🎁 Пришлите промокод.
promo-redeemed = 🎉 Промокод активирован: +{ $amount }! Ваш баланс: <b>{ $balance }</b>.
promo-unknown = 🤔 Такого промокода нет. Проверьте, нет ли опечатки, и попробуйте ещё раз.
promo-used-up = 😕 Этот промокод уже закончился: все активации израсходованы.
promo-expired = ⌛ Срок действия этого промокода истёк.
promo-disabled = 🚫 Этот промокод больше не действует.
promo-already = Вы уже активировали этот промокод: каждый код можно использовать только один раз.
promo-throttled = ✋ Слишком много неверных кодов подряд. Подождите несколько минут и попробуйте снова.
promo-off = В этом боте промокодов нет.
admin-command-promo_new = Создать промокод (для админов)
admin-command-promo_batch = Создать одноразовые промокоды файлом CSV (для админов)
admin-command-promos = Список промокодов (для админов)
admin-command-promo_off = Отключить промокод (для админов)
admin-promo-off = Промокоды работают только с оплатой звёздами (<code>BILLING=stars</code>): без неё у клиентов нет кошелька, куда их зачислить.
admin-promo-new-usage = Формат: <code>/promo_new &lt;КОД&gt; &lt;звёзды&gt; [активации] [дни]</code>. Активации — сколько клиентов смогут его использовать (по умолчанию 1), дни — срок действия (по умолчанию бессрочно).
admin-promo-batch-usage = Формат: <code>/promo_batch &lt;количество&gt; &lt;звёзды&gt; [дни]</code> — до { $maxCount } одноразовых кодов, они придут файлом CSV.
admin-promo-error-code = ⚠️ Код — от 3 до 32 символов: латинские буквы, цифры, <code>_</code> и <code>-</code> (регистр не важен).
admin-promo-error-stars = ⚠️ Количество звёзд — целое число от 1 до { $maxStars }.
admin-promo-error-uses = ⚠️ Число активаций — целое число от 1 до { $maxUses }.
admin-promo-error-days = ⚠️ Срок в днях — целое число от 1 до { $maxDays }.
admin-promo-error-count = ⚠️ Количество кодов — целое число от 1 до { $maxCount }.
admin-promo-exists = ⚠️ Код <code>{ $code }</code> уже есть. Выберите другой или загляните в /promos.
admin-promo-until = действует до { $date }
admin-promo-no-end = бессрочно
admin-promo-created = ✅ Промокод <code>{ $code }</code> создан: { $uses ->
    [1] { $amount }, на одну активацию
    [one] по { $amount } для { $uses } клиента
    [few] по { $amount } для { $uses } клиентов
    [many] по { $amount } для { $uses } клиентов
   *[other] по { $amount } для { $uses } клиента
  }, { $validity }.
admin-promo-batch-done = ✅ { $count } { $count ->
    [one] одноразовый код
    [few] одноразовых кода
    [many] одноразовых кодов
   *[other] одноразового кода
  } по { $amount }, { $validity }.
admin-promos-empty = Промокодов пока нет. Создайте их командой /promo_new или /promo_batch.
admin-promos-title = 🎁 <b>Промокоды</b> (страница { $page } из { $pages })
admin-promos-line = <code>{ $code }</code> · { $amount } · активаций: { $used } из { $uses } · { $validity } · { $state }
admin-promo-state-on = ✅ активен
admin-promo-state-off = 🚫 отключён
admin-promo-state-expired = ⌛ истёк
admin-promo-state-used-up = ☑️ израсходован
admin-promo-off-usage = Формат: <code>/promo_off &lt;КОД&gt;</code>
admin-promo-off-disabled = 🚫 Промокод <code>{ $code }</code> отключён: активировать его больше нельзя.
admin-promo-off-already = Промокод <code>{ $code }</code> уже был отключён.
admin-promo-off-unknown = ⚠️ Промокода <code>{ $code }</code> нет. Загляните в /promos.
admin-stats-promo = Промокоды: подарено { $amount } за { $redemptions } { $redemptions ->
    [one] активацию
    [few] активации
    [many] активаций
   *[other] активации
  }
admin-user-promo = Активировано промокодов: { $count }
admin-audit-promo-created = создание промокода { $code } (⭐ { $stars } × { $uses })
admin-audit-promo-batch-created = создание одноразовых промокодов: { $count } по ⭐ { $stars }
admin-audit-promo-disabled = отключение промокода { $code }
## referrals
command-invite = Пригласить друзей и получить звёзды
admin-command-campaign_new = Новая ссылка для кампании (для админов)
admin-command-campaigns = Кампании и их результаты (для админов)
invite-title = 👥 <b>Приглашайте друзей</b>
invite-link =
    Поделитесь своей личной ссылкой. Каждый, кто впервые откроет бота по этой ссылке, будет засчитан как ваш приглашённый:
    { $link }
invite-button-share = ↗️ Поделиться ссылкой
invite-rule-bonus = 🎁 { $amount }, когда друг впервые получит результат, оплаченный купленными звёздами
invite-rule-percent = 💫 { $percent }% от купленных звёзд, которые друг потратит на полученные результаты в { $days ->
        [1] первый день
        [one] первые { $days } день
        [few] первые { $days } дня
        [many] первые { $days } дней
       *[other] первые { $days } дня
    }
invite-rule-cap = Не больше { $amount } в день.
invite-rules-off = Сейчас за приглашения ничего не начисляется.
invite-stats = Пришли: { $joined } · пополнили: { $paid } · вы заработали { $earned }
invite-stats-no-rewards = Пришли: { $joined } · пополнили: { $paid }
command-invite-no-rewards = Ваша ссылка-приглашение
invite-rewards-note = Награды приходят подарочными звёздами: ими можно оплачивать заказы, но вернуть их нельзя.
invite-rewards-when = Награда начисляется, когда друг получает результат, а не когда пополняет кошелёк: непотраченные звёзды ему ещё могут вернуть.
campaign-new-usage = Формат: <code>/campaign_new &lt;название&gt;</code> (до 64 символов)
campaign-created =
    📣 Кампания «{ $name }» готова. Её ссылка:
    { $link }
    Всех, кто впервые откроет бота по ней, видно в /campaigns.
campaigns-title = 📣 <b>Кампании</b>
campaigns-legend = 👤 пришли · 🛒 заказали · 💳 оплатили · ⭐ куплено звёзд · 💸 расходы на API · 📈 маржа
campaigns-legend-free = 👤 пришли · 🛒 заказали · 💸 расходы на API
campaigns-line = <b>{ $name }</b>: 👤 { $joins } · 🛒 { $ordered } · 💳 { $payers } · ⭐ { $stars } · 💸 { $cost } · 📈 { $margin }
campaigns-line-free = <b>{ $name }</b>: 👤 { $joins } · 🛒 { $ordered } · 💸 { $cost }
campaigns-empty = Кампаний пока нет. Создайте первую: <code>/campaign_new &lt;название&gt;</code>.
campaigns-tap = Нажмите на кампанию, чтобы посмотреть её по дням.
campaign-days-title =
    📣 <b>{ $name }</b>, последние 30 дней (UTC; дни без событий не показаны)
    { $link }
campaign-day-line = { $day }: 👤 { $joins } · 🛒 { $orders } · ⭐ { $stars } · 💸 { $cost }
campaign-day-line-free = { $day }: 👤 { $joins } · 🛒 { $orders } · 💸 { $cost }
campaign-days-empty = За последние 30 дней ничего не произошло.
campaign-button-back = ◀️ Все кампании
campaign-unknown = Этой кампании больше нет.
admin-audit-campaign-created = создание кампании № { $id }
admin-user-referred-by = По приглашению: { $name } (<code>{ $id }</code>)
admin-user-campaign = Кампания: { $name }
admin-stats-referrals = 👥 Рефералы: { $customers } { $customers ->
        [one] клиент пришёл
        [few] клиента пришли
        [many] клиентов пришли
       *[other] клиента пришли
    } по приглашениям, { $topups } { $topups ->
        [one] платное пополнение
        [few] платных пополнения
        [many] платных пополнений
       *[other] платного пополнения
    } ({ $bought }); выдано наград: { $rewards }
## after-result
after-result-button-again = 🔁 Ещё раз
after-result-button-change = ✏️ Изменить
after-result-button-use = ➕ Взять за основу
after-result-button-use-n = ➕ { $n }
after-result-button-share = ↗️ Поделиться
after-result-button-app = 🖼 Открыть в моих результатах
after-result-next = Что дальше? Выберите действие ниже.
after-result-next-several = Что дальше? «➕ 1», «➕ 2»… — взять этот результат за основу для новой генерации; остальное — кнопками ниже.
after-result-caption = 🎨 <b>{ $model }</b>
after-result-caption-prompt = <i>{ $prompt }</i>
after-result-not-yours = Извините, эта кнопка относится к чужому заказу, поэтому для вас она ничего не сделает.
after-result-inputs-expired = Файлы этого заказа больше не хранятся (срок хранения — 24 часа), поэтому повторить его как есть нельзя. Нажмите «✏️ Изменить» и пришлите их заново.
after-result-change-what = Что хотите изменить? Всё остальное останется как было.
after-result-use-choose = Какой моделью обработать { $kind ->
    [video] это видео
   *[image] эту картинку
  }?
after-result-use-none = Сейчас нет моделей, которые принимают такой файл.
after-result-use-gone = Файл этого результата больше недоступен.
after-result-use-uploading = ⏳ Передаём результат модели { $model }…
after-result-use-failed = Не удалось передать результат. Попробуйте чуть позже.
after-result-use-ready = 📎 Результат прикреплён — продолжаем с моделью { $model }.
caption-prompt-on = 📝 Описание под результатом: вкл.
caption-prompt-off = 📝 Описание под результатом: выкл.
caption-prompt-changed-on = Теперь под результатами будет видно описание.
caption-prompt-changed-off = Теперь под результатами будет только название модели.
reminders-on = 🔔 Напоминания: вкл.
reminders-off = 🔕 Напоминания: выкл.
reminders-turned-on = 🔔 Напоминания включены: о конце подписки, о неизрасходованных звёздах, о заказе, который ждёт подтверждения. Не чаще раза в день.
reminders-turned-off = 🔕 Напоминания выключены. Включить их снова можно в /language.
reminder-button-off = 🔕 Больше не напоминать
reminder-plan-ending = ⏳ <b>На подписке { $name } ещё { $left }</b>: если их не потратить, они сгорят { $date }.
reminder-welcome-unused = 🎁 <b>Приветственные звёзды ждут вас:</b> на балансе { $balance }. Опишите картинку — и посмотрите, что получится.
reminder-quote-unconfirmed = ⏳ <b>Заказ { $model } ждёт подтверждения</b>, цена — { $price }.
reminder-win-back = 👋 <b>Давно не виделись!</b> Нужна новая картинка или видео? Выберите модель или возьмите идею в /prompts.
reminder-win-back-gift = 🎁 Подарок в честь возвращения: код <code>{ $code }</code> добавит { $amount } на баланс до { $date }.
reminder-button-gift = 🎁 Забрать подарок
share-caption = ✨ Сделано с помощью { $bot }
share-button-create = Создать своё

## after-result re-upload
after-result-reuploading = ⏳ Файлы этого заказа больше не хранятся — загружаем их заново…

## live-settings
live-settings-model-description = <i>{ $description }</i>
admin-audit-settings-model-changed = изменение модели { $model }: { $changes }
admin-audit-settings-global-changed = изменение общих настроек: { $changes }
live-settings-change = { $field }: { $from } → { $to }
live-settings-field-offered = в меню
live-settings-field-name = название ({ $locale })
live-settings-field-description = описание ({ $locale })
live-settings-field-price = цена
live-settings-field-markup = наценка
live-settings-field-welcome = приветственные звёзды
live-settings-field-packs = пакеты пополнения
live-settings-field-reminders = напоминания
live-settings-value-default = по умолчанию
live-settings-value-shown = показана
live-settings-value-hidden = скрыта
live-settings-value-text = «{ $text }»
live-settings-value-percent = { $percent } %
live-settings-value-markup = наценка { $percent } %
live-settings-value-reminders-none = все выключены
live-settings-value-reminder-plan-ending = звёзды подписки перед концом периода
live-settings-value-reminder-welcome-unused = неизрасходованные приветственные звёзды
live-settings-value-reminder-quote-unconfirmed = неподтверждённый заказ
live-settings-value-reminder-win-back = возврат после 30 дней тишины

## subscriptions
subscription-plan-name = { $id ->
   *[other] { $title }
  }
subscription-plan-unnamed = Подписка
subscription-plan-description = { $id ->
   *[other] { $allowance } каждые 30 дней за { $price }
  }
subscription-plan-line = <b>{ $name }</b>: { $description }
subscription-plans-title = 🔁 <b>Подписки</b>
subscription-plans-rules = Звёзды подписки тратятся раньше остальных и сгорают в конце каждого 30-дневного периода. Telegram продлевает подписку каждые 30 дней; отменить продление можно в любой момент в /subscription.
subscription-button-plan = { $name }: { $price } за 30 дней
subscription-button-plans = 🔁 Подписки
subscription-invoice-title = Подписка { $name }
subscription-invoice-description = { $allowance } на генерации каждые 30 дней. Они тратятся раньше остальных звёзд, а неизрасходованные сгорают в конце периода.
subscription-invoice-label = { $name }
subscription-invoice-ready = Подписка { $name } готова к оплате. Нажмите кнопку ниже, чтобы оплатить звёздами Telegram.
subscription-button-pay = Оформить за { $price }
subscription-activated = 🎉 Подписка { $name } оформлена! Начислено { $allowance } на этот период (до { $date }). Баланс: { $balance }.
subscription-renewed = 🔁 Подписка { $name } продлена: начислено { $allowance } до { $date }. Баланс: { $balance }.
subscription-status = 🔁 Ваш тариф: <b>{ $name }</b>. Осталось звёзд подписки в этом периоде: { $left }.
subscription-status-renews = Следующее продление — { $date }: оплата { $price }, начислится { $allowance }.
subscription-status-cancelled = Продление отключено: подписка действует до { $date }.
subscription-button-cancel = Отменить продление
subscription-button-resume = Возобновить продление
subscription-cancelled = Продление отключено. Звёзды подписки можно тратить до конца периода; остальные звёзды не сгорают.
subscription-resumed = Продление снова включено.
subscription-signal-failed = ⚠️ <b>Подписка { $name } не продлилась</b>: оплата { $price } за следующий период не прошла (обычно на счёте не хватает звёзд). Чтобы сохранить тариф, продлите её кнопкой ниже.
subscription-signal-canceled = 🔕 <b>Подписка { $name } больше не будет продлеваться</b>: вы отключили продление в Telegram. Тариф действует до { $date }, и до этого дня его звёзды можно тратить. Чтобы сохранить подписку, снова включите продление в настройках звёзд Telegram.
subscription-signal-active = ✅ <b>Подписка { $name } снова продлевается.</b> Следующая оплата — { $date }: { $price }.
subscription-status-cancelled-in-telegram = Продление отключено в Telegram: подписка действует до { $date }. Чтобы сохранить её, снова включите продление в настройках звёзд Telegram.
subscription-status-renewal-failed = ⚠️ Последнее продление не прошло. Чтобы сохранить тариф, продлите подписку кнопкой ниже.
subscription-button-renew = 🔄 Продлить { $name }: { $price }
subscription-button-status = 🔁 Моя подписка
subscription-none = Подписки у вас пока нет.
subscription-off = В этом боте нет подписок.
subscription-ended = Подписка { $name } закончилась: продление не прошло. Неизрасходованные звёзды последнего периода сгорели. Оформить её снова можно кнопкой ниже.
subscription-plan-withdrawn = Этот тариф больше не предлагается, поэтому платёж выше зачислен как обычные звёзды, а продлеваться подписка не будет.
terms-subscriptions = • Подписки: звёзды каждого периода тратятся первыми и сгорают в его конце. По отдельности они не возвращаются; платёж за текущий период можно вернуть целиком через /paysupport — период тогда сразу закончится. Отменить продление можно в любой момент в /subscription.
checkout-already-subscribed = У вас уже есть подписка. Подробности — в /subscription.
admin-refund-subscription-preview = 🔁 Платёж за подписку { $name } ({ $amount }) от пользователя <code>{ $user }</code>, период { $from } – { $to }. Telegram вернёт платёж целиком, период закончится сразу, а его неизрасходованные звёзды сгорят: { $unspent }.
admin-refund-subscription-done = ✅ Платёж за подписку ({ $amount }) возвращён пользователю <code>{ $user }</code>. Сгорело неизрасходованных звёзд этого периода: { $expired }.
subscription-refunded-notice = ↩️ Платёж за подписку ({ $amount }) возвращён на ваш аккаунт Telegram. Этот период закончился, неизрасходованные звёзды сгорели. Баланс кошелька: <b>{ $balance }</b>.
wallet-what-allowance = звёзды подписки
wallet-what-allowance_expire = звёзды подписки сгорели
admin-stats-reminders = 🔔 Напоминания за 30 дней: отправлено { $sent }, отреагировали за 48 ч: { $acted }
admin-stats-subscriptions = 🔁 Подписчики ({ $plans }). Выручка: { $revenue }, платежей: { $periods } (возвращено: { $refunded }). Отключили продление в этом месяце: { $churn }.
admin-stats-subscriptions-plan = { $name }: { $n }
admin-user-subscription = 🔁 Подписка: { $name }, { $state }; осталось звёзд периода: { $left }.
admin-user-subscription-active = продление { $date }
admin-user-subscription-cancelled = продление отключено, действует до { $date }
admin-user-subscription-ended = закончилась { $date }

## miniapp
# Примеры модели в приложении для клиентов (issue 43): вопрос владельцу в чате, выбор в панели
# управления, лента примеров в приложении.
example-consent-ask = Команда { brand-name } хотела бы показывать эту картинку другим клиентам в приложении как пример модели <b>{ $model }</b>. Ваше имя не показывается.
example-consent-ask-video = Команда { brand-name } хотела бы показывать это видео другим клиентам в приложении как пример модели <b>{ $model }</b>. Ваше имя не показывается.
example-consent-button-allow = ✅ Разрешить
example-consent-button-decline = Нет, спасибо
example-consent-button-stop = Больше не показывать
example-consent-shown = Показывается как пример модели <b>{ $model }</b>.
example-consent-declined = Не показывается. Спасибо за ответ.
example-consent-withdrawn = Больше не показывается как пример модели <b>{ $model }</b>.
example-consent-answer-shown = Спасибо! Теперь пример показывается.
example-consent-answer-declined = Хорошо, показывать не будем.
example-consent-answer-withdrawn = Готово: больше не показывается.
example-consent-stale = На этот вопрос уже ответили.
example-consent-uploaded = Загружено как пример модели <b>{ $model }</b> для приложения.
miniapp-examples-title = Примеры в приложении
miniapp-examples-hint = Клиенты видят под этой моделью первые { $n } показываемых примеров в этом порядке.
miniapp-examples-none = Примеров пока нет.
miniapp-examples-state-shown = Показывается
miniapp-examples-state-asked = Ждём ответа клиента
miniapp-examples-state-declined = Клиент отказался
miniapp-examples-state-withdrawn = Клиент отозвал согласие
miniapp-examples-state-unreachable = Не удалось спросить клиента
miniapp-examples-uploaded = Загружено
miniapp-examples-remove = Удалить
miniapp-examples-up = ↑
miniapp-examples-up-label = Выше
miniapp-examples-down = ↓
miniapp-examples-down-label = Ниже
miniapp-examples-pick = Выбрать из результатов
miniapp-examples-pick-hint = Результат клиента показывается только с его разрешения: бот спросит его в чате.
miniapp-examples-results-none = Готовых результатов этой модели пока нет.
miniapp-examples-more = Ещё результаты
miniapp-examples-picked = Выбрано
miniapp-examples-pick-one = Выбрать
miniapp-examples-upload = Загрузить файл
miniapp-examples-upload-hint = Фото (JPEG, PNG или WebP) до { $image } МБ или видео MP4 до { $video } МБ.
miniapp-examples-uploading = Загружаем…
miniapp-examples-added = Добавлено.
miniapp-examples-asked = Добавлено: бот спрашивает клиента в чате.
miniapp-examples-error-already = Этот файл уже выбран как пример.
miniapp-examples-error-full = У этой модели уже максимум примеров. Сначала удалите один.
miniapp-examples-error-unsupported = Это не фото JPEG, PNG или WebP и не видео MP4.
miniapp-examples-error-too-big = Файл слишком большой.
miniapp-examples-error-telegram = Telegram не принял файл. Откройте чат с ботом хотя бы раз и попробуйте снова.
miniapp-examples-error = Что-то пошло не так. Попробуйте ещё раз.
miniapp-examples-image = Картинка
miniapp-examples-video = Видео
app-example-title = Примеры
app-example-open = Открыть пример { $n }
app-example-close = Закрыть
app-example-image = Картинка-пример
app-example-video = Видео-пример
miniapp-title = Панель управления
miniapp-open-from-bot-title = Откройте через бота
miniapp-open-from-bot = Эта страница работает только внутри Telegram. Откройте бота, отправьте /dashboard и нажмите кнопку (или кнопку меню).
miniapp-forbidden = Эта панель только для админов бота.
miniapp-error = Не удалось загрузить данные. Попробуйте чуть позже.
miniapp-upstream-unavailable = Сервис генерации недоступен, поэтому список моделей не удаётся загрузить. Попробуйте через несколько минут.
miniapp-retry = Повторить
miniapp-loading = Загрузка…
miniapp-days = { $n } дн.
miniapp-tab-money = Деньги
miniapp-tab-models = Модели
miniapp-tab-customers = Клиенты
miniapp-tab-growth = Рост
miniapp-tab-operations = Состояние
miniapp-tab-settings = Настройки
miniapp-stars-bought = Куплено звёзд
miniapp-stars-earned = Заработано звёзд
miniapp-cost = Расходы на Reseller API
miniapp-margin = Маржа
miniapp-revenue = Выручка
miniapp-settings-error-bidi = { $field }: уберите невидимые символы направления текста (U+202A–U+202E, U+2066–U+2069), из-за них меню может читаться иначе.
miniapp-given-away = Подарено
miniapp-revenue-hint = Выручка — то, что заплатили клиенты: звёзды, потраченные на доставленные результаты, и подписки, по курсу выплат Telegram. «Подарено» — расходы у поставщика на заказы, оплаченные подаренными звёздами (приветственный бонус, выданные вручную, промокоды, награды за приглашения); в марже они учтены как расходы.
miniapp-refunds = Возвращено звёзд
miniapp-orders = Заказы
miniapp-failed = Не удались
miniapp-avg-time = Время до результата
miniapp-seconds = { $n } сек
miniapp-model = Модель
miniapp-no-billing = Оплата звёздами выключена, поэтому звёзд и маржи здесь нет.
miniapp-customers-new = Новые
miniapp-customers-active = Заказывали
miniapp-customers-paying = Платили
miniapp-wallets-balance = Баланс клиентов
miniapp-wallets-held = Зарезервировано заказами
miniapp-top-customers = Лучшие клиенты
miniapp-customer = Клиент
miniapp-spent = Потрачено звёзд
miniapp-card-hint = Карточка клиента: отправьте боту /user { $id }.
miniapp-campaigns = Кампании
miniapp-campaign = Кампания
miniapp-joins = Пришли
miniapp-payers = Платили
miniapp-promo-codes = Промокоды
miniapp-promo-code = Код
miniapp-promo-stars = Звёзд за активацию
miniapp-used = Активаций
miniapp-reminders = Напоминания за 30 дней
miniapp-reminder = Напоминание
miniapp-reminders-sent = Отправлено
miniapp-reminders-acted = Отреагировали за 48 ч
miniapp-reminder-plan-ending = Звёзды подписки перед концом периода
miniapp-reminder-welcome-unused = Неизрасходованные приветственные звёзды
miniapp-reminder-quote-unconfirmed = Неподтверждённый заказ
miniapp-reminder-win-back = Возврат после 30 дней тишины
miniapp-disabled = отключён
miniapp-upstream-balance = Баланс Reseller API
miniapp-unknown = неизвестно
miniapp-queued = В очереди
miniapp-processing = Выполняются
miniapp-broadcasts = Рассылки
miniapp-broadcast-progress = Отправлено { $sent } из { $total }, не доставлено { $failed }
miniapp-csv = CSV
miniapp-empty = Пока пусто.
miniapp-settings-models = Модели
miniapp-settings-offered = Доступна
miniapp-settings-price = Цена
miniapp-settings-price-default = Общая наценка
miniapp-settings-price-markup = Наценка, %
miniapp-settings-price-fixed = Фиксированная, звёзд
miniapp-settings-example = Сейчас { $stars } ★
miniapp-settings-global = Для всех моделей
miniapp-settings-markup = Наценка, %
miniapp-settings-welcome = Приветственные звёзды
miniapp-settings-packs = Пакеты пополнения, звёзд (через запятую)
miniapp-settings-save = Сохранить
miniapp-settings-saved = Сохранено.
miniapp-settings-conflict = Пока вы редактировали, настройки изменил кто-то другой. Показаны актуальные: проверьте и сохраните ещё раз.
miniapp-settings-invalid = Не сохранено. Исправьте:
miniapp-settings-unavailable = Живые настройки в этом боте пока недоступны.
miniapp-settings-too-fast = Слишком много изменений подряд. Подождите минуту и попробуйте снова.
miniapp-settings-name = Название ({ $language })
miniapp-settings-description = Описание ({ $language })
miniapp-settings-billing-off = Оплата звёздами выключена: цены и суммы в звёздах сохраняются и начнут действовать, когда её включат.
miniapp-settings-packs-unused = пока не заданы
miniapp-settings-fix-markup = Наценка: введите процент от 0 до { $max }, не больше двух знаков после запятой (например, 30 или 12,5).
miniapp-settings-fix-model-markup = Наценка этой модели: введите процент от 0 до { $max }, не больше двух знаков после запятой (например, 30 или 12,5).
miniapp-settings-fix-fixed = Фиксированная цена: введите целое число звёзд от 1 до { $max }.
miniapp-settings-fix-welcome = Приветственные звёзды: введите целое число от 0 до { $max } (0 выключает бонус).
miniapp-settings-fix-packs = Пакеты пополнения: введите от 1 до { $count } целых чисел звёзд от 1 до { $max } через запятую (например, 50, 100, 250).
miniapp-settings-fix-name = { $field }: не больше { $max } символов в одну строку, без служебных символов; или оставьте пустым, чтобы показывать название из каталога.
miniapp-settings-fix-description = { $field }: не больше { $max } символов, без служебных символов; или оставьте пустым.
miniapp-settings-fix-other = Некоторые значения не приняты. Проверьте форму и сохраните снова.
miniapp-settings-fix-reminders = Напоминания: отметьте только те, что есть в списке.
miniapp-settings-reminders = Напоминания
miniapp-settings-reminders-hint = Бот пишет первым, когда это полезно клиенту: не чаще одного напоминания в день и никогда тем, кто их отключил.
miniapp-settings-reminders-environment = Как задано при запуске (переменная REMINDERS). Изменение, сохранённое здесь, заменит эту настройку.
miniapp-settings-reminder-about-plan-ending = За 3 дня и ещё раз за 1 день до конца периода подписки, если у подписчика остались звёзды плана.
miniapp-settings-reminder-about-welcome-unused = Через 2 дня после приветственных звёзд, если клиент с тех пор ничего не заказал.
miniapp-settings-reminder-about-quote-unconfirmed = Через 2 часа после расчёта цены, если заказ так и не подтвердили, один раз, с кнопкой «Подтвердить».
miniapp-settings-reminder-about-win-back = Клиенту, который уже платил, но 30 дней ничего не заказывал; с подарочным кодом, если задан WIN_BACK_PROMO_STARS.
miniapp-type-image = Картинки
miniapp-type-video = Видео
miniapp-type-upscale = Улучшение качества
miniapp-type-remove-bg = Удаление фона
miniapp-type-other = Другое
miniapp-broadcast-running = идёт
miniapp-broadcast-paused = на паузе
miniapp-broadcast-cancelled = отменена
miniapp-broadcast-done = завершена
admin-command-dashboard = Панель управления: графики, цифры и CSV (для админов)
dashboard-open = 📊 Панель управления: деньги, модели, клиенты и рост, с графиками и выгрузкой в CSV.
dashboard-button = 📊 Открыть панель
dashboard-menu-button = Панель
customer-app-menu-button = Мои результаты
dashboard-off-no-public-url = Панель выключена: укажите в <code>PUBLIC_URL</code> публичный https-адрес бота (в режиме webhook берётся адрес из <code>WEBHOOK_URL</code>) и перезапустите бота.
dashboard-off-no-http-port = Панель выключена: в режиме polling бот показывает её на порту <code>HTTP_PORT</code> (или <code>METRICS_PORT</code>). Задайте порт, направьте на него <code>PUBLIC_URL</code> и перезапустите бота.
command-subscribe = Подписки на месяц за звёзды
command-subscription = Ваша подписка: остаток звёзд, продление, отмена

## Подписки: условия сохраняются, один тариф за раз, возвраты (issue 38)
checkout-payment-pending = Платёж за другую подписку ещё обрабатывается. Подождите минуту и загляните в /subscription.
subscription-status-several =
    🔁 У вас { $count ->
        [one] { $count } подписка
        [few] { $count } подписки
        [many] { $count } подписок
       *[other] { $count } подписки
    } одновременно, Telegram продлевает каждую. Осталось звёзд их периодов: { $left }.
subscription-status-item = { $n }. <b>{ $name }</b>: { $renewal }
subscription-button-cancel-item = Отменить продление { $n }
subscription-button-resume-item = Возобновить продление { $n }
admin-refund-subscription-spent = Клиент уже потратил { $spent } из этого периода: при возврате они спишутся с его кошелька, баланс может уйти в минус, и новые заказы будут ждать пополнения.
admin-refund-subscription-spent-done = С кошелька клиента списано { $spent }, которые он уже потратил из этого периода.
admin-alert-subscription-amount =
    ⚠️ <b>Продление подписки оплачено другой суммой:</b> пользователь <code>{ $user }</code> заплатил ⭐ { $paid } вместо ⭐ { $expected } (платёж <code>{ $charge }</code>). Начислено пропорционально: ⭐ { $allowance }.
admin-alert-subscription-duplicate =
    ⚠️ <b>У клиента сразу две подписки:</b> пользователь <code>{ $user }</code> (платежи <code>{ $charges }</code>). Telegram продлевает каждую; клиент видит обе в /subscription, у каждой своя кнопка «Отменить продление».
wallet-what-allowance_clawback = потраченные звёзды подписки, платёж за которую возвращён

## Много ботов в одном развёртывании (issue 40)
bot-suspended = Бот пока приостановлен. Загляните позже.
admin-command-bots = Ваши боты: добавить, приостановить, цифры (для админов)
bots-add-usage = Как пользоваться: <code>/bot_add &lt;токен&gt;</code>, с токеном, который выдал @BotFather (/mybots, бот, <b>API Token</b>).
bots-add-malformed = Это не похоже на токен бота: токен выглядит как <code>123456789:AAE…</code>. Скопируйте его ещё раз в @BotFather (/mybots, бот, <b>API Token</b>).
bots-add-refused = Telegram не принимает этот токен: в нём опечатка или его отозвали. Скопируйте его ещё раз в @BotFather.
bots-add-main = Это токен этого же бота. Пришлите токен бота, которого хотите добавить.
bots-add-no-secret = Добавленным ботам нужен <code>BOT_TOKENS_SECRET</code> (от 32 символов): с ним их токены хранятся зашифрованными. Задайте его, перезапустите бота и добавьте бота ещё раз.
bots-added =
    ✅ { $name } запущен: он уже отвечает клиентам, с ценами и текстами этого бота. Вы его админ.
    Приостановить: <code>/bot_off { $id }</code>; все ваши боты — в /bots.
bots-updated = ✅ { $name } уже был добавлен: теперь он работает с новым токеном, а его клиенты, заказы и балансы сохранены.
bots-token-deleted = 🔒 Сообщение с токеном удалено, чтобы он не остался в этом чате.
bots-title = 🤖 <b>Ваши боты</b> за 7 дней
bots-legend = 👤 клиенты · ⭐ выручка · 💸 расходы на API
bots-legend-free = 👤 клиенты · 💸 расходы на API
bots-line = <code>{ $id }</code> { $name } · { $status } · 👤 { $customers } · ⭐ { $stars } · 💸 { $cost }
bots-line-unknown = <code>{ $id }</code> { $name } · { $status } · цифры сейчас недоступны
bots-status-main = этот бот
bots-status-active = работает
bots-status-suspended = ⏸ приостановлен
bots-help = Добавить: <code>/bot_add &lt;токен&gt;</code>. Приостановить: <code>/bot_off &lt;бот&gt;</code>, возобновить: <code>/bot_on &lt;бот&gt;</code>, где &lt;бот&gt; — его номер или @username.
bots-off-usage = Как пользоваться: <code>/bot_off &lt;бот&gt;</code>, номер бота или его @username из /bots.
bots-on-usage = Как пользоваться: <code>/bot_on &lt;бот&gt;</code>, номер бота или его @username из /bots.
bots-unknown = Бота { $ref } нет. Ваши боты — в /bots.
bots-page = Боты { $from }–{ $to } из { $total }
bots-button-previous = ◀️ Назад
bots-button-next = Дальше ▶️
bots-main-stays = Этот бот нельзя приостановить: из него вы управляете остальными.
bots-off-changed = ⏸ { $name } приостановлен: клиенты видят короткое сообщение об этом, заказы и оплаты он не принимает. Уже оплаченные заказы всё равно будут доставлены. Возобновить: <code>/bot_on</code>.
bots-off-unchanged = { $name } уже приостановлен.
bots-on-changed = ▶️ { $name } снова работает и принимает заказы.
bots-on-unchanged = { $name } уже работает.

## Дневной лимит расходов бота (issue 40)
bot-cap-refused = 📅 Этот бот исчерпал дневной лимит заказов. Заказ сохранён: нажмите «Подтвердить» ещё раз после { $reset }, когда лимит обновится.
bot-cap-usage = Как пользоваться: <code>/bot_cap &lt;бот&gt; &lt;usd&gt;</code>, например <code>/bot_cap 2 5</code>: когда заказы бота за день (по UTC) обойдутся в $5 расходов на API, он перестанет принимать новые до конца дня. <code>/bot_cap &lt;бот&gt; off</code> снимает лимит. &lt;бот&gt; — его номер или @username из /bots.
bot-cap-set = 💸 Для { $name } задан дневной лимит расходов на API: { $cap }. Когда он будет исчерпан, бот перестанет принимать новые заказы до конца дня (по UTC), и вам придёт уведомление. Снять лимит: <code>/bot_cap { $id } off</code>.
bot-cap-lifted = Дневной лимит для { $name } снят.
bot-cap-line = лимит { $cap } в день, сегодня потрачено { $spent }
bot-cap-line-unknown = лимит { $cap } в день
bot-cap-help = Дневной лимит расходов на API: <code>/bot_cap &lt;бот&gt; &lt;usd&gt;</code>, или <code>off</code>, чтобы снять.
admin-alert-spend-cap = 💸 <b>Бот исчерпал дневной лимит</b> расходов на API: { $cap } (сегодня потрачено { $spent }). Новые заказы не принимаются до { $reset }.
admin-alert-spend-cap-bot =
    💸 <b>{ $name } исчерпал дневной лимит</b> расходов на API: { $cap } (сегодня потрачено { $spent }). Новые заказы не принимаются до { $reset }.
    Изменить: <code>/bot_cap { $id } &lt;usd&gt;</code>, снять: <code>/bot_cap { $id } off</code>.

## Managed bots (issue 40)
admin-command-newbot = Создать своего бота (админы)
command-newbot = Создать своего бота
managed-bots-name = { brand-name } · { $name }
managed-bots-button = 🤖 Создать своего бота
managed-bots-intro =
    🤖 <b>Свой бот</b> с моделями, ценами и текстами этого бота, под названием, которое вы выберете. Вы будете его админом.
    Нажмите «🤖 Создать своего бота» внизу: Telegram спросит имя и юзернейм бота, и через мгновение бот заработает.
managed-bots-off = Создание ботов здесь отключено.
managed-bots-admins-only = Создавать ботов здесь могут только админы этого бота.
managed-bots-no-secret = Ботам, созданным здесь, нужен <code>BOT_TOKENS_SECRET</code> (от 32 символов) на сервере: с ним их токены хранятся зашифрованными. Задайте его, перезапустите бота и снова отправьте /newbot.
managed-bots-no-permission = @BotFather пока не разрешает этому боту создавать ботов: разрешите это в настройках бота в @BotFather и снова отправьте /newbot.
managed-bots-cancelled = Хорошо, новый бот подождёт.
managed-bots-live =
    🎉 Ваш бот @{ $username } работает: { $link }
    Он отвечает клиентам с моделями, ценами и текстами этого бота. Вы его админ: откройте бота и отправьте /help, чтобы увидеть свои инструменты.
managed-bots-failed = Telegram создал вашего бота @{ $username }, но запустить его не получилось. Попробуйте позже или обратитесь к админам.
managed-bots-profile-description = { brand-name } превращает ваши идеи в картинки и видео с помощью лучших ИИ-моделей. Нажмите «Старт», отправьте описание и получите результат прямо в чате.
managed-bots-profile-short-description = Картинки и видео по вашим идеям от лучших ИИ-моделей.

## Operator's control rooms (issue 40)
opsroom-button = 🛠 { $name }
opsroom-hint = 🛠 Кнопки ниже открывают панель каждого бота, с его цифрами и настройками.

## A bot's own upstream key (issue 40)
admin-command-upstream_key = Свой ключ Reseller API для этого бота (для админов)
upstream-key-current-own = 🔑 Этот бот работает на <b>своём API-ключе</b>: генерации оплачиваются с вашего аккаунта Reseller API, и /balance показывает его баланс.
upstream-key-current-shared = 🔑 Этот бот работает на <b>общем API-ключе</b> сервиса, который его запускает.
upstream-key-usage = Чтобы работать со своим аккаунтом Reseller API, отправьте <code>/upstream_key &lt;ключ&gt;</code> с ключом из личного кабинета провайдера. Ключ будет проверен и сохранён в зашифрованном виде, а сообщение с ним — удалено. <code>/upstream_key off</code> вернёт общий ключ.
upstream-key-set = ✅ Ключ работает: теперь заказы, модели и /balance этого бота используют ваш аккаунт API.
upstream-key-cleared = ✅ Бот снова работает на общем API-ключе: новые заказы больше не оплачиваются с вашего аккаунта API.
upstream-key-already-shared = Бот и так работает на общем API-ключе.
upstream-key-malformed = Это не похоже на API-ключ. Скопируйте его ещё раз из личного кабинета провайдера и отправьте <code>/upstream_key &lt;ключ&gt;</code>.
upstream-key-main = API-ключ этого бота задаётся на сервере (<code>RESELLER_API_KEY</code>), а не здесь.
upstream-key-no-secret = Для своих API-ключей на сервере нужен <code>BOT_TOKENS_SECRET</code>: с ним ключи хранятся зашифрованными. Ничего не сохранено — попросите админов сервиса его задать.
upstream-key-in-flight = На текущем ключе { $orders ->
    [one] ещё выполняется { $orders } заказ
    [few] ещё выполняются { $orders } заказа
    [many] ещё выполняются { $orders } заказов
   *[other] ещё выполняется { $orders } заказа
  }, и завершить их может только этот аккаунт. Ничего не изменилось: попробуйте снова, когда они будут готовы.
upstream-key-refused = API не принимает этот ключ: в нём опечатка, он отозван или относится к другому аккаунту или провайдеру. Ничего не сохранено, бот работает на прежнем ключе.
upstream-key-unreachable = Не удалось связаться с API, чтобы проверить ключ, поэтому ничего не сохранено. Попробуйте ещё раз через несколько минут.
upstream-key-deleted = 🔒 Сообщение с ключом удалено, чтобы он не остался в этом чате.

# ── Правила контента (/rules, issue 42) ──
content-blocked = 🚫 Это описание нельзя использовать: оно нарушает правила { brand-name }. Опишите, пожалуйста, что-нибудь другое.
content-blocked-last-warning = ⚠️ Ещё одно такое описание — и доступ к { brand-name } будет закрыт.
content-blocked-banned = ⛔️ Доступ к { brand-name } закрыт: несколько ваших описаний нарушили его правила.
content-model-private-only = 🔒 { $model } доступна только в личном чате с ботом.
content-model-needs-orders = 🔒 { $model } откроется после { $needed ->
    [one] { $needed } оплаченной генерации
   *[other] { $needed } оплаченных генераций
  }. Сейчас у вас { $have }.
admin-command-rules = Правила контента (для админов)
admin-audit-user-auto-banned = автоматический бан { $target }: { $strikes ->
    [one] { $strikes } отклонённое описание
    [few] { $strikes } отклонённых описания
   *[other] { $strikes } отклонённых описаний
  } за { $hours } ч
admin-audit-content-rules-changed = изменение правил контента: запрещённых строк — { $lines } (было { $before })
admin-stats-content = 🚫 Отклонённые описания за 30 дней: { $blocked }; автоматических банов: { $bans }
rules-title = 🛡 <b>Правила контента</b> · версия { $version }
rules-list-everyone = <b>Для всех:</b> { $lines }
rules-list-language = <b>{ $language }:</b> { $lines }
rules-list-empty = Запрещённых слов пока нет.
rules-more = { " " }и ещё { $count }
rules-strikes = Нарушения: { $limit ->
    [one] { $limit } отклонённое описание
    [few] { $limit } отклонённых описания
   *[other] { $limit } отклонённых описаний
  } за { $hours } ч — и клиент забанен.
rules-strikes-off = Нарушения: за отклонённые описания клиентов не банят.
rules-models-gated = { $count ->
    [0] Нет моделей только для личных чатов или постоянных клиентов.
    [one] { $count } модель — только для личных чатов или постоянных клиентов.
    [few] { $count } модели — только для личных чатов или постоянных клиентов.
   *[other] { $count } моделей — только для личных чатов или постоянных клиентов.
  }
rules-help =
    <code>/rules add слово</code> запрещает слово для всех, <code>/rules add uk: слово</code> — для клиентов на одном языке, <code>/rules remove слово</code> снимает запрет.
    Слово запрещает только само слово; <code>слово*</code> — и его формы; <code>/regex/</code> — регулярное выражение. В панели управления (/dashboard) можно изменить всё, включая модели и нарушения.
rules-added = ✅ Запрещено: { $line }
rules-removed = ✅ Больше не запрещено: { $line }
rules-not-found = «{ $line }» нет в списках, снимать нечего.
rules-unknown-language = ⚠️ Языка «{ $tag }» здесь нет. Установлены: { $tags }.
rules-invalid-too-long = ⚠️ «{ $line }» слишком длинное: не больше { $max } символов.
rules-invalid-bad-pattern = ⚠️ «{ $line }» — неправильное регулярное выражение.
rules-invalid-empty = ⚠️ Напишите слово, фразу или /выражение/ после <code>/rules add</code>.

# ── Control room: content rules ──
miniapp-tab-rules = Правила
miniapp-rules-figure-refused = Отклонено описаний за 30 дней
miniapp-rules-figure-bans = Автоматических банов за 30 дней
miniapp-rules-blocked = Запрещённые слова
miniapp-rules-blocked-hint = По одной записи в строке. Слово или фраза запрещает только само себя, целым словом: «наркотик» сработает на «Наркотик!», но не на «наркотики». Звёздочка добавляет другие формы: наркотик* запретит и «наркотики», и «наркотиками», а *наркотик — слова, которые им заканчиваются. Между косыми чертами — регулярное выражение: /нарк[о0]тик/. Регистр букв и диакритика (ё/е, é/e) не учитываются.
miniapp-rules-lists-hint = Список «Для всех» действует для каждого клиента, список языка — только для тех, кто пользуется ботом на этом языке: в другом языке то же слово может быть безобидным.
miniapp-rules-everyone = Для всех
miniapp-rules-language = Язык: { $language }
miniapp-rules-strikes = Автоматический бан
miniapp-rules-strikes-limit = Сколько отклонённых описаний до бана (0 — не банить)
miniapp-rules-strikes-window = За сколько часов
miniapp-rules-strikes-hint = Если у клиента за это время отклонили столько описаний, бот забанит его автоматически. Админов бот не банит.
miniapp-rules-models = Модели
miniapp-rules-model = Модель
miniapp-rules-type = Тип
miniapp-rules-private-only = Только в личном чате
miniapp-rules-paid-orders = Нужно оплаченных заказов
miniapp-rules-models-hint = «Только в личном чате» — модель не предлагается в группах и гостевых чатах. «Нужно оплаченных заказов» — сколько оплаченных заказов должно быть у клиента, чтобы модель стала ему доступна; 0 или пустое поле — доступна всем.
miniapp-rules-save = Сохранить правила
miniapp-rules-saved = Сохранено.
miniapp-rules-conflict = Пока вы редактировали, правила изменил кто-то другой. Теперь показаны его правила, а ваши правки не сохранены: внесите их снова и сохраните.
miniapp-rules-invalid = Не сохранено: исправьте отмеченные поля.
miniapp-rules-too-large = Списки слишком длинные, чтобы сохранить их за раз. Сократите их и попробуйте снова.
miniapp-rules-fix-line-too-long = Строка { $n } («{ $line }») слишком длинная: максимум символов — { $max }.
miniapp-rules-fix-line-bad-pattern = Строка { $n } («{ $line }») — некорректное регулярное выражение: проверьте скобки и спецсимволы.
miniapp-rules-fix-line-empty = В строке { $n } («{ $line }») нет ни одного слова: напишите слово, фразу или /выражение/.
miniapp-rules-fix-list = В этом списке слишком много строк: максимум — { $max }.
miniapp-rules-fix-limit = Введите целое число от 0 до { $max } (0 — не банить).
miniapp-rules-fix-window = Введите целое число часов от 1 до { $max }.
miniapp-rules-fix-paid-orders = Введите целое число от 0 до { $max } (0 — доступна всем).
miniapp-rules-fix-other = Некоторые значения не приняты. Обновите страницу и попробуйте снова.
miniapp-rules-recent = Недавно отклонённые описания
miniapp-rules-recent-empty = Пока ни одно описание не отклонено.
miniapp-rules-customer = клиент { $id }
miniapp-rules-place-private = личный чат
miniapp-rules-place-group = группа
miniapp-rules-place-guest = гостевой чат
miniapp-rules-matched = Сработало:
miniapp-rules-banned = забанен

# ── Группы (/group, issue 42) ──
group-joined-off = 👋 Спасибо, что добавили { brand-name }! Бот работает только в личных чатах, поэтому выходит из группы. Напишите ему напрямую: @{ $bot }
group-joined-closed = 👋 Привет! Генерации здесь заработают, когда админ { brand-name } включит их командой /group.
group-joined-open = 👋 Привет! Любой участник может попросить у { brand-name } картинку: <code>/generate@{ $bot } рыжая лиса в снегу</code>. Каждый платит из своего кошелька.
group-status-title = 👥 <b>{ $title }</b>
group-status-open = ✅ Генерации здесь включены.
group-status-closed = ⏸ Генерации здесь выключены.
group-status-off = ⏸ Группы для этого бота выключены (GROUPS=off).
group-status-today = Сегодня: { $used ->
    [one] { $used } генерация
    [few] { $used } генерации
   *[other] { $used } генераций
  }
group-status-cap = Дневной лимит: { $cap }
group-status-no-cap = Дневного лимита нет.
group-status-help = <code>/group on</code> · <code>/group off</code> · <code>/group cap 20</code> (<code>/group cap off</code> снимает лимит)
group-turned-on = ✅ Генерации в этой группе включены.
group-turned-off = ⏸ Генерации в этой группе выключены.
group-cap-set = ✅ Дневной лимит группы: { $cap }.
group-cap-removed = ✅ Дневного лимита у группы больше нет.
group-cap-usage = Напишите число от 1 до { $max }: <code>/group cap 20</code> или <code>/group cap off</code>.
group-closed = ⏸ Генерации в этой группе выключены.
group-capped = ⏳ Группа исчерпала дневной лимит генераций ({ $cap }). Следующие — с { $reset }.
group-anonymous = Генерации оплачиваются из личного кошелька: напишите от своего имени, а не от имени группы.
group-generate-usage = Опишите после команды, что создать: <code>/generate@{ $bot } рыжая лиса в снегу</code>
group-no-models = Сейчас из группы нельзя заказать ни одну модель. Все модели доступны в личном чате с ботом.
group-not-yours = Это заказ { $name }: кнопками может пользоваться только автор. Закажите свой через /generate.
group-card = 🎨 <b>{ $model }</b>
    «{ $prompt }»
group-card-confirm-price = ✅ Подтвердить · { $price }
group-card-confirm = ✅ Подтвердить
group-card-another = 🔄 Другая модель
group-card-placed = ✅ Заказ оформлен: { $model }. Результат появится здесь.
group-card-top-up = ⭐ Пополнить в личном чате
group-order-for = 🎨 Для { $name }
group-result-make-your-own = ✨ Создать своё
group-result-report = ⚠️ Пожаловаться
guest-usage = Напишите после имени бота, что создать: <code>@{ $bot } рыжая лиса в снегу</code>
guest-first-visit = 👋 { $name }, чтобы заказывать здесь, откройте { brand-name } один раз: там ваш кошелёк. Потом снова напишите в этом чате.
guest-open-bot = Открыть { brand-name }
guest-no-models = Отсюда сейчас нельзя заказать ни одну модель. Все модели доступны в личном чате с ботом.
guest-not-yours = Это заказ { $name }: кнопками может пользоваться только автор. Закажите свой: @{ $bot } и описание.
guest-result-elsewhere = 🎨 Для { $name }: результат в личном чате с { brand-name }.
report-thanks = Спасибо, админы посмотрят.
report-again = Вы уже пожаловались на это.
report-admin = ⚠️ <b>Жалоба № { $id }</b> · { $chat }
    Автор: { $owner } (<code>{ $ownerId }</code>) · { $model }
    «{ $prompt }»
report-button-remove = 🗑 Удалить пост
report-button-ban = ⛔️ Забанить автора
report-button-dismiss = ✔️ Отклонить
report-remove-failed = Пост не удалось удалить: ему больше 48 часов или его уже нет. Забаньте автора или отклоните жалобу.
report-done = Готово.
report-already = Эту жалобу уже разобрал другой админ.
report-status-open = ⏳ Ждёт админа.
report-status-removed = 🗑 Пост удалён.
report-status-banned = ⛔️ Автор забанен.
report-status-dismissed = ✔️ Жалоба отклонена.
report-guest-card = гостевая карточка (бота позвали по имени в чате)
report-hidden-caption = 🚫 Удалено администраторами.
report-status-hidden = 🗑 Пост скрыт: гостевую карточку Telegram не даёт удалить ни одному боту, поэтому картинка закрыта спойлером, а в подписи сказано, что её удалили.
reports-none = Открытых жалоб нет.
admin-command-reports = Жалобы на посты в группах (для админов)
admin-stats-reports = ⚠️ Жалобы из групп за 30 дней: { $reports }; ждут решения: { $open }
admin-audit-report-removed = удаление поста { $target } по жалобе № { $report }
admin-audit-report-banned = бан { $target } по жалобе № { $report }
admin-audit-report-dismissed = отклонение жалобы № { $report } на { $target }
admin-audit-example-added = добавление примера к модели № { $model } (вкладка «Модели» в приложении)
admin-audit-example-removed = удаление примера модели № { $model }
orders-in-group = { " " }· 👥 { $chat }
orders-details-group = 👥 Заказ из группы { $chat }; его кнопки — там.
admin-audit-group-enabled = включение генераций в группе { $chat }
admin-audit-group-disabled = выключение генераций в группе { $chat }
admin-audit-group-cap-set = дневной лимит группы { $chat }: { $cap } (0 — без лимита)

# ── Control room: groups ──
miniapp-tab-groups = Группы
miniapp-groups-title = Группы
miniapp-groups-mode-off = Группы выключены (GROUPS=off): бот выходит из групп, в которые его добавляют.
miniapp-groups-mode-allowlist = Группы по разрешению (GROUPS=allowlist): группа принимает заказы, когда её включат здесь или командой /group on в самой группе.
miniapp-groups-mode-on = Группы включены (GROUPS=on): заказы принимаются во всех группах, где есть бот, кроме выключенных здесь или командой /group off в самой группе.
miniapp-groups-empty = Добавьте бота в группу — и она появится здесь.
miniapp-groups-left = бот вышел
miniapp-groups-chat-id = ID чата: { $id }
miniapp-groups-open = Принимает заказы
miniapp-groups-closed = Не принимает заказы
miniapp-groups-capped = Дневной лимит исчерпан
miniapp-groups-used-today = Генераций сегодня: { $used }
miniapp-groups-cap-now = Дневной лимит: { $cap }
miniapp-groups-no-cap = Без дневного лимита
miniapp-groups-switch = Заказы в этой группе
miniapp-groups-on = Включены
miniapp-groups-off = Выключены
miniapp-groups-default = По умолчанию
miniapp-groups-default-off = По умолчанию — как задано в GROUPS=off: ни одна группа не принимает заказы.
miniapp-groups-default-allowlist = По умолчанию — как задано в GROUPS=allowlist: группа не принимает заказы, пока её не включат.
miniapp-groups-default-on = По умолчанию — как задано в GROUPS=on: группа принимает заказы.
miniapp-groups-cap = Дневной лимит (пусто — без лимита)
miniapp-groups-save = Сохранить
miniapp-groups-saved = Сохранено.
miniapp-groups-invalid = Не сохранено: исправьте отмеченное поле.
miniapp-groups-fix-cap = Введите целое число от 1 до { $max } или оставьте поле пустым, чтобы снять лимит.
miniapp-groups-fix-other = Некоторые значения не приняты. Обновите страницу и попробуйте снова.
miniapp-groups-unknown = Бот больше не знает эту группу. Обновите страницу.
admin-audit-group-default = возврат группы { $chat } к настройке по умолчанию (как задано в GROUPS)

# ── Control room: reports ──
miniapp-reports-title = Жалобы
miniapp-reports-figures = Жалоб за 30 дней: { $reports } · ждут решения: { $open }
miniapp-reports-empty = Открытых жалоб нет. Когда участник пожалуется на результат, жалоба появится здесь, а админы получат сообщение.
miniapp-reports-more = Показаны только самые новые открытые жалобы: { $shown }. Разберите их, чтобы увидеть более ранние.
miniapp-reports-id = Жалоба № { $id }
miniapp-reports-group = Группа: { $title }
miniapp-reports-group-unknown = Группа: ID чата { $id }
miniapp-reports-guest-card = Гостевая карточка (бота позвали по имени в чате)
miniapp-reports-owner = Автор: { $name }, ID { $id }
miniapp-reports-owner-id = Автор: ID { $id }
miniapp-reports-model = Модель: { $model }
miniapp-reports-no-description = Без описания
miniapp-reports-reporters = Жалоб на этот результат: { $count }
miniapp-reports-remove = Удалить пост
miniapp-reports-ban = Забанить автора
miniapp-reports-dismiss = Отклонить
miniapp-reports-already = Эту жалобу уже разобрали раньше, поэтому ничего не изменилось.
miniapp-reports-outcome-removed = Жалоба № { $id }: пост удалён.
miniapp-reports-outcome-hidden = Жалоба № { $id }: гостевая карточка скрыта. Удалять такие карточки Telegram ботам не даёт, поэтому картинку закрыли спойлером и подписали, что её убрали админы.
miniapp-reports-outcome-banned = Жалоба № { $id }: автор забанен.
miniapp-reports-outcome-dismissed = Жалоба № { $id }: отклонена.
miniapp-reports-remove-failed = Пост не удалось удалить: ему больше 48 часов или его уже нет. Забаньте автора или отклоните жалобу.
miniapp-reports-owner-admin = Автор — админ бота, а админов не банят. Удалите пост или отклоните жалобу.
miniapp-reports-unknown = Этой жалобы больше нет. Обновите страницу.
miniapp-reports-failed = Не удалось выполнить действие. Обновите страницу, чтобы увидеть, что стало с жалобой.

## Customer app (issue 43): the page's frame. One line each, { $variable } placeables only.
app-title = Мои результаты
app-loading = Загрузка…
app-error = Что-то пошло не так. Попробуйте ещё раз.
app-retry = Повторить
app-open-from-bot-title = Откройте это из бота
app-open-from-bot = Эта страница работает внутри Telegram: откройте её кнопкой меню бота.
app-forbidden = Этот бот вам недоступен.
app-coming-soon = Скоро появится.
app-tab-results = Результаты
app-tab-models = Модели
app-tab-wallet = Кошелёк

## Customer app: the Results tab (gallery, viewer, sharing). One line each.
app-gallery-search = Поиск по описанию
app-gallery-search-go = Найти
app-gallery-search-clear = Сбросить
app-gallery-all-models = Все модели
app-gallery-kind-all = Всё
app-gallery-kind-image = Картинки
app-gallery-kind-video = Видео
app-gallery-video = ▶ Видео
app-gallery-favourites = ★ Избранное
app-gallery-favourite = В избранном
app-gallery-no-favourites = В избранном пока пусто. Откройте результат и нажмите ☆, чтобы он был здесь.
app-gallery-more = Показать ещё
app-gallery-empty-title = Здесь пока пусто
app-gallery-empty = Ваши картинки и видео появятся здесь, как только мы их пришлём. Напишите в чате, что хотите создать.
app-gallery-open-bot = Создать в чате
app-gallery-none-found = Ничего не нашлось. Попробуйте другие слова или фильтр.
app-gallery-reset = Показать всё
app-gallery-one-result = Результат, открытый из чата.
app-gallery-show-all = Все результаты
app-viewer-back = Назад
app-viewer-favourite-off = ☆ В избранное
app-viewer-favourite-on = ★ В избранном
app-viewer-download = Скачать
app-viewer-share = Отправить в чат
app-viewer-story = В историю
app-viewer-again = Ещё раз
app-viewer-change = Изменить
app-viewer-use = Взять за основу
app-viewer-gone = Этого файла больше нет. Можем сделать его заново.
app-viewer-share-failed = Не получилось подготовить отправку. Попробуйте ещё раз.
app-viewer-no-description = Без описания
app-viewer-delivered = Получено { $date }
app-viewer-story-link = Создать своё

## Customer app: the Models and Wallet tabs. One line each.
app-price-from = от { $amount }
app-price-quoted = Точную цену мы назовём при оформлении заказа.
app-model-create = Создать
app-model-locked = 🔒 Откроется после платных генераций: пока { $have } из { $needed }.
app-models-unavailable = Список моделей временно недоступен. Попробуйте через несколько минут.
app-models-none = Сейчас нет доступных моделей. Попробуйте позже.
app-models-filter = Фильтр по типу
app-models-plan-note = Сначала списываются звёзды подписки: в этом периоде осталось { $amount }.
app-type-all = Все
app-type-image = 🖼 Картинки
app-type-video = 🎬 Видео
app-type-upscale = 🔍 Улучшение качества
app-type-remove-bg = ✂️ Удаление фона
app-type-other = 🧩 Другое
app-takes-text = ✍️ Описание
app-takes-text-optional = ✍️ Описание (по желанию)
app-takes-photos = 🖼 Фото: { $count }
app-takes-photos-up-to = 🖼 Фото: до { $max }
app-takes-photos-range = 🖼 Фото: { $min }–{ $max }
app-takes-videos = 🎬 Видео: { $count }
app-takes-videos-up-to = 🎬 Видео: до { $max }
app-takes-videos-range = 🎬 Видео: { $min }–{ $max }
app-takes-files = 📎 Файлы: { $count }
app-takes-files-up-to = 📎 Файлы: до { $max }
app-takes-files-range = 📎 Файлы: { $min }–{ $max }
app-wallet-off = Платежи в этом боте не подключены: генерации здесь бесплатные.
app-wallet-balance = Ваш баланс
app-wallet-paid = Купленные звёзды
app-wallet-granted = Подарки и бонусы
app-wallet-plan = Подписка { $name }
app-wallet-plan-renews = Звёзды подписки можно потратить до { $date }, тогда Telegram продлит подписку.
app-wallet-plan-ends = Звёзды подписки можно потратить до { $date }, тогда подписка закончится.
app-wallet-spending-order = Сначала мы списываем звёзды подписки, затем подарки и бонусы, и только потом купленные звёзды.
app-wallet-topup = Пополнить
app-wallet-plans = Подписки
app-wallet-plan-terms = { $allowance } каждые 30 дней за { $price }
app-wallet-subscribe = Оформить за { $price }
app-wallet-plans-rules = Звёзды подписки тратятся раньше остальных и сгорают в конце каждого 30-дневного периода. Отменить продление можно в любой момент в /subscription.
app-wallet-already-subscribed = У вас уже есть действующая подписка: загляните в /subscription в чате.
app-wallet-too-fast = Слишком много нажатий подряд. Подождите минуту и попробуйте снова.
app-wallet-invoice-failed = Не удалось открыть оплату. Попробуйте ещё раз.
app-wallet-history = Последние операции
app-wallet-history-empty = Операций пока нет.
app-wallet-what-topup = Пополнение
app-wallet-what-welcome = Приветственный бонус
app-wallet-what-grant = Подарок от команды
app-wallet-what-hold = Заказ: { $model }
app-wallet-what-capture = Заказ: { $model }
app-wallet-what-release = Возврат: { $model }
app-wallet-what-charge = Заказ: { $model } (файлы отправлены повторно)
app-wallet-what-refund = Возврат пополнения
app-wallet-what-refund-undo = Возврат отменён
app-wallet-what-telegram-refund = Платёж возвращён через Telegram
app-wallet-what-promo = Промокод
app-wallet-what-referral = Награда за приглашение
app-wallet-what-allowance = Звёзды подписки
app-wallet-what-allowance-expire = Звёзды подписки сгорели
app-wallet-what-allowance-clawback = Потраченные звёзды подписки, платёж за которую возвращён
app-promo-title = Промокод
app-promo-placeholder = Введите код
app-promo-apply = Применить
app-promo-redeemed = 🎉 Промокод активирован: +{ $amount }! Ваш баланс: { $balance }.
app-promo-unknown = Такого промокода нет. Проверьте, нет ли опечатки, и попробуйте ещё раз.
app-promo-used-up = Этот промокод уже закончился: все активации израсходованы.
app-promo-expired = Срок действия этого промокода истёк.
app-promo-disabled = Этот промокод больше не действует.
app-promo-already = Вы уже активировали этот промокод: каждый код можно использовать только один раз.
app-promo-throttled = Слишком много неверных кодов подряд. Подождите несколько минут и попробуйте снова.
app-invite-title = Приглашайте друзей
app-invite-bonus = 🎁 { $amount }, когда друг впервые получит результат, оплаченный купленными звёздами
app-invite-percent = 💫 { $percent }% от купленных звёзд, которые друг потратит на результаты за первые дни после прихода (дней: { $days })
app-invite-cap = Не больше { $amount } в день. Награды приходят подарочными звёздами: ими можно оплачивать заказы, но вернуть их нельзя.
app-invite-copy = Скопировать
app-invite-copied = Ссылка скопирована.
app-invite-copy-failed = Не получилось скопировать: нажмите на ссылку и удерживайте, чтобы скопировать её вручную.
app-invite-share = Поделиться
app-invite-stats = Пришли: { $joined } · пополнили: { $paid } · вы заработали { $earned }
app-invite-stats-no-rewards = Пришли: { $joined } · пополнили: { $paid }
