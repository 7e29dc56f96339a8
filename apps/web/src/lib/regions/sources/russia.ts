import type { CountrySource } from '../types';

/**
 * Russia: its 83 internationally recognised federal subjects (Crimea and Sevastopol are listed
 * under Ukraine), with Russian labels for Russian-speaking users.
 */
export const RU: CountrySource = {
  native: 'ru',
  divisions: [
    ['Adygea|Адыгея', 'Maykop|Майкоп, Adygeysk|Адыгейск'],
    ['Altai Krai|Алтайский край', 'Barnaul|Барнаул, Biysk|Бийск, Rubtsovsk|Рубцовск'],
    ['Altai Republic|Республика Алтай', 'Gorno-Altaysk|Горно-Алтайск'],
    ['Amur Oblast|Амурская область', 'Blagoveshchensk|Благовещенск, Belogorsk|Белогорск, Svobodny|Свободный'],
    [
      'Arkhangelsk Oblast|Архангельская область',
      'Arkhangelsk|Архангельск, Severodvinsk|Северодвинск, Kotlas|Котлас',
    ],
    ['Astrakhan Oblast|Астраханская область', 'Astrakhan|Астрахань, Akhtubinsk|Ахтубинск, Znamensk|Знаменск'],
    [
      'Bashkortostan|Башкортостан',
      'Ufa|Уфа, Sterlitamak|Стерлитамак, Salavat|Салават, Neftekamsk|Нефтекамск, Oktyabrsky|Октябрьский',
    ],
    ['Belgorod Oblast|Белгородская область', 'Belgorod|Белгород, Stary Oskol|Старый Оскол, Gubkin|Губкин'],
    ['Bryansk Oblast|Брянская область', 'Bryansk|Брянск, Klintsy|Клинцы, Novozybkov|Новозыбков'],
    ['Buryatia|Бурятия', 'Ulan-Ude|Улан-Удэ, Severobaykalsk|Северобайкальск, Gusinoozyorsk|Гусиноозёрск'],
    ['Chechnya|Чечня', 'Grozny|Грозный, Urus-Martan|Урус-Мартан, Gudermes|Гудермес'],
    [
      'Chelyabinsk Oblast|Челябинская область',
      'Chelyabinsk|Челябинск, Magnitogorsk|Магнитогорск, Zlatoust|Златоуст, Miass|Миасс',
    ],
    [
      'Chukotka Autonomous Okrug|Чукотский автономный округ',
      'Anadyr|Анадырь, Bilibino|Билибино, Pevek|Певек',
    ],
    ['Chuvashia|Чувашия', 'Cheboksary|Чебоксары, Novocheboksarsk|Новочебоксарск, Kanash|Канаш'],
    ['Dagestan|Дагестан', 'Makhachkala|Махачкала, Khasavyurt|Хасавюрт, Derbent|Дербент, Kaspiysk|Каспийск'],
    ['Ingushetia|Ингушетия', 'Magas|Магас, Nazran|Назрань, Malgobek|Малгобек'],
    [
      'Irkutsk Oblast|Иркутская область',
      'Irkutsk|Иркутск, Bratsk|Братск, Angarsk|Ангарск, Ust-Ilimsk|Усть-Илимск',
    ],
    ['Ivanovo Oblast|Ивановская область', 'Ivanovo|Иваново, Kineshma|Кинешма, Shuya|Шуя'],
    ['Jewish Autonomous Oblast|Еврейская автономная область', 'Birobidzhan|Биробиджан, Obluchye|Облучье'],
    ['Kabardino-Balkaria|Кабардино-Балкария', 'Nalchik|Нальчик, Prokhladny|Прохладный, Baksan|Баксан'],
    [
      'Kaliningrad Oblast|Калининградская область',
      'Kaliningrad|Калининград, Sovetsk|Советск, Chernyakhovsk|Черняховск',
    ],
    ['Kalmykia|Калмыкия', 'Elista|Элиста, Lagan|Лагань, Gorodovikovsk|Городовиковск'],
    ['Kaluga Oblast|Калужская область', 'Kaluga|Калуга, Obninsk|Обнинск, Lyudinovo|Людиново'],
    [
      'Kamchatka Krai|Камчатский край',
      'Petropavlovsk-Kamchatsky|Петропавловск-Камчатский, Yelizovo|Елизово, Vilyuchinsk|Вилючинск',
    ],
    [
      'Karachay-Cherkessia|Карачаево-Черкесия',
      'Cherkessk|Черкесск, Ust-Dzheguta|Усть-Джегута, Karachayevsk|Карачаевск',
    ],
    ['Karelia|Карелия', 'Petrozavodsk|Петрозаводск, Kondopoga|Кондопога, Segezha|Сегежа'],
    [
      'Kemerovo Oblast|Кемеровская область',
      'Kemerovo|Кемерово, Novokuznetsk|Новокузнецк, Prokopyevsk|Прокопьевск, Mezhdurechensk|Междуреченск',
    ],
    [
      'Khabarovsk Krai|Хабаровский край',
      'Khabarovsk|Хабаровск, Komsomolsk-on-Amur|Комсомольск-на-Амуре, Amursk|Амурск',
    ],
    ['Khakassia|Хакасия', 'Abakan|Абакан, Chernogorsk|Черногорск, Sayanogorsk|Саяногорск'],
    [
      'Khanty-Mansi Autonomous Okrug|Ханты-Мансийский автономный округ',
      'Khanty-Mansiysk|Ханты-Мансийск, Surgut|Сургут, Nizhnevartovsk|Нижневартовск, Nefteyugansk|Нефтеюганск',
    ],
    [
      'Kirov Oblast|Кировская область',
      'Kirov|Киров, Kirovo-Chepetsk|Кирово-Чепецк, Vyatskiye Polyany|Вятские Поляны',
    ],
    ['Komi|Коми', 'Syktyvkar|Сыктывкар, Ukhta|Ухта, Vorkuta|Воркута, Pechora|Печора'],
    ['Kostroma Oblast|Костромская область', 'Kostroma|Кострома, Buy|Буй, Sharya|Шарья'],
    [
      'Krasnodar Krai|Краснодарский край',
      'Krasnodar|Краснодар, Sochi|Сочи, Novorossiysk|Новороссийск, Armavir|Армавир, Anapa|Анапа, Gelendzhik|Геленджик',
    ],
    [
      'Krasnoyarsk Krai|Красноярский край',
      'Krasnoyarsk|Красноярск, Norilsk|Норильск, Achinsk|Ачинск, Kansk|Канск',
    ],
    ['Kurgan Oblast|Курганская область', 'Kurgan|Курган, Shadrinsk|Шадринск, Shumikha|Шумиха'],
    ['Kursk Oblast|Курская область', 'Kursk|Курск, Zheleznogorsk|Железногорск, Kurchatov|Курчатов'],
    [
      'Leningrad Oblast|Ленинградская область',
      'Gatchina|Гатчина, Vsevolozhsk|Всеволожск, Vyborg|Выборг, Sosnovy Bor|Сосновый Бор, Tikhvin|Тихвин',
    ],
    ['Lipetsk Oblast|Липецкая область', 'Lipetsk|Липецк, Yelets|Елец, Gryazi|Грязи'],
    ['Magadan Oblast|Магаданская область', 'Magadan|Магадан, Susuman|Сусуман'],
    ['Mari El|Марий Эл', 'Yoshkar-Ola|Йошкар-Ола, Volzhsk|Волжск, Kozmodemyansk|Козьмодемьянск'],
    ['Mordovia|Мордовия', 'Saransk|Саранск, Ruzayevka|Рузаевка, Kovylkino|Ковылкино'],
    ['Moscow|Москва', 'Moscow|Москва, Zelenograd|Зеленоград, Troitsk|Троицк'],
    [
      'Moscow Oblast|Московская область',
      'Krasnogorsk|Красногорск, Balashikha|Балашиха, Podolsk|Подольск, Khimki|Химки, Mytishchi|Мытищи, Korolyov|Королёв, Lyubertsy|Люберцы',
    ],
    [
      'Murmansk Oblast|Мурманская область',
      'Murmansk|Мурманск, Apatity|Апатиты, Severomorsk|Североморск, Monchegorsk|Мончегорск',
    ],
    ['Nenets Autonomous Okrug|Ненецкий автономный округ', 'Naryan-Mar|Нарьян-Мар'],
    [
      'Nizhny Novgorod Oblast|Нижегородская область',
      'Nizhny Novgorod|Нижний Новгород, Dzerzhinsk|Дзержинск, Arzamas|Арзамас, Sarov|Саров',
    ],
    [
      'North Ossetia-Alania|Северная Осетия — Алания',
      'Vladikavkaz|Владикавказ, Mozdok|Моздок, Beslan|Беслан',
    ],
    [
      'Novgorod Oblast|Новгородская область',
      'Veliky Novgorod|Великий Новгород, Borovichi|Боровичи, Staraya Russa|Старая Русса',
    ],
    ['Novosibirsk Oblast|Новосибирская область', 'Novosibirsk|Новосибирск, Berdsk|Бердск, Iskitim|Искитим'],
    ['Omsk Oblast|Омская область', 'Omsk|Омск, Tara|Тара, Isilkul|Исилькуль'],
    [
      'Orenburg Oblast|Оренбургская область',
      'Orenburg|Оренбург, Orsk|Орск, Novotroitsk|Новотроицк, Buzuluk|Бузулук',
    ],
    ['Oryol Oblast|Орловская область', 'Oryol|Орёл, Livny|Ливны, Mtsensk|Мценск'],
    ['Penza Oblast|Пензенская область', 'Penza|Пенза, Kuznetsk|Кузнецк, Zarechny|Заречный'],
    ['Perm Krai|Пермский край', 'Perm|Пермь, Berezniki|Березники, Solikamsk|Соликамск'],
    [
      'Primorsky Krai|Приморский край',
      'Vladivostok|Владивосток, Ussuriysk|Уссурийск, Nakhodka|Находка, Artyom|Артём',
    ],
    ['Pskov Oblast|Псковская область', 'Pskov|Псков, Velikiye Luki|Великие Луки, Ostrov|Остров'],
    [
      'Rostov Oblast|Ростовская область',
      'Rostov-on-Don|Ростов-на-Дону, Taganrog|Таганрог, Shakhty|Шахты, Novocherkassk|Новочеркасск, Volgodonsk|Волгодонск',
    ],
    ['Ryazan Oblast|Рязанская область', 'Ryazan|Рязань, Kasimov|Касимов, Skopin|Скопин'],
    [
      'Saint Petersburg|Санкт-Петербург',
      'Saint Petersburg|Санкт-Петербург, Kolpino|Колпино, Pushkin|Пушкин, Peterhof|Петергоф, Kronstadt|Кронштадт',
    ],
    ['Sakha|Якутия', 'Yakutsk|Якутск, Neryungri|Нерюнгри, Mirny|Мирный'],
    [
      'Sakhalin Oblast|Сахалинская область',
      'Yuzhno-Sakhalinsk|Южно-Сахалинск, Korsakov|Корсаков, Kholmsk|Холмск',
    ],
    [
      'Samara Oblast|Самарская область',
      'Samara|Самара, Tolyatti|Тольятти, Syzran|Сызрань, Novokuybyshevsk|Новокуйбышевск',
    ],
    [
      'Saratov Oblast|Саратовская область',
      'Saratov|Саратов, Engels|Энгельс, Balakovo|Балаково, Balashov|Балашов',
    ],
    ['Smolensk Oblast|Смоленская область', 'Smolensk|Смоленск, Vyazma|Вязьма, Roslavl|Рославль'],
    [
      'Stavropol Krai|Ставропольский край',
      'Stavropol|Ставрополь, Pyatigorsk|Пятигорск, Kislovodsk|Кисловодск, Nevinnomyssk|Невинномысск',
    ],
    [
      'Sverdlovsk Oblast|Свердловская область',
      'Yekaterinburg|Екатеринбург, Nizhny Tagil|Нижний Тагил, Kamensk-Uralsky|Каменск-Уральский, Pervouralsk|Первоуральск',
    ],
    ['Tambov Oblast|Тамбовская область', 'Tambov|Тамбов, Michurinsk|Мичуринск, Morshansk|Моршанск'],
    [
      'Tatarstan|Татарстан',
      'Kazan|Казань, Naberezhnye Chelny|Набережные Челны, Nizhnekamsk|Нижнекамск, Almetyevsk|Альметьевск',
    ],
    ['Tomsk Oblast|Томская область', 'Tomsk|Томск, Seversk|Северск, Strezhevoy|Стрежевой'],
    ['Tula Oblast|Тульская область', 'Tula|Тула, Novomoskovsk|Новомосковск, Donskoy|Донской'],
    ['Tuva|Тыва', 'Kyzyl|Кызыл, Ak-Dovurak|Ак-Довурак, Chadan|Чадан'],
    ['Tver Oblast|Тверская область', 'Tver|Тверь, Rzhev|Ржев, Vyshny Volochyok|Вышний Волочёк'],
    ['Tyumen Oblast|Тюменская область', 'Tyumen|Тюмень, Tobolsk|Тобольск, Ishim|Ишим'],
    ['Udmurtia|Удмуртия', 'Izhevsk|Ижевск, Sarapul|Сарапул, Votkinsk|Воткинск, Glazov|Глазов'],
    ['Ulyanovsk Oblast|Ульяновская область', 'Ulyanovsk|Ульяновск, Dimitrovgrad|Димитровград, Inza|Инза'],
    ['Vladimir Oblast|Владимирская область', 'Vladimir|Владимир, Kovrov|Ковров, Murom|Муром'],
    ['Volgograd Oblast|Волгоградская область', 'Volgograd|Волгоград, Volzhsky|Волжский, Kamyshin|Камышин'],
    ['Vologda Oblast|Вологодская область', 'Vologda|Вологда, Cherepovets|Череповец, Sokol|Сокол'],
    ['Voronezh Oblast|Воронежская область', 'Voronezh|Воронеж, Borisoglebsk|Борисоглебск, Rossosh|Россошь'],
    [
      'Yamalo-Nenets Autonomous Okrug|Ямало-Ненецкий автономный округ',
      'Salekhard|Салехард, Noyabrsk|Ноябрьск, Novy Urengoy|Новый Уренгой, Nadym|Надым',
    ],
    [
      'Yaroslavl Oblast|Ярославская область',
      'Yaroslavl|Ярославль, Rybinsk|Рыбинск, Pereslavl-Zalessky|Переславль-Залесский',
    ],
    ['Zabaykalsky Krai|Забайкальский край', 'Chita|Чита, Krasnokamensk|Краснокаменск, Borzya|Борзя'],
  ],
};
