import type { CountrySource } from '../types';

/** Austria: the 9 states; Vienna lists its 23 districts. */
export const AT: CountrySource = {
  native: 'de',
  divisions: [
    ['Burgenland', 'Eisenstadt, Neusiedl am See, Oberwart'],
    ['Carinthia|Kärnten', 'Klagenfurt, Villach, Wolfsberg, Spittal an der Drau'],
    ['Lower Austria|Niederösterreich', 'St. Pölten, Wiener Neustadt, Baden, Krems an der Donau'],
    ['Salzburg', 'Salzburg, Hallein, Saalfelden'],
    ['Styria|Steiermark', 'Graz, Leoben, Kapfenberg, Bruck an der Mur'],
    ['Tyrol|Tirol', 'Innsbruck, Kufstein, Lienz, Kitzbühel'],
    ['Upper Austria|Oberösterreich', 'Linz, Wels, Steyr, Leonding'],
    [
      'Vienna|Wien',
      'Innere Stadt, Leopoldstadt, Landstraße, Wieden, Margareten, Mariahilf, Neubau, Josefstadt, Alsergrund, Favoriten, Simmering, Meidling, Hietzing, Penzing, Rudolfsheim-Fünfhaus, Ottakring, Hernals, Währing, Döbling, Brigittenau, Floridsdorf, Donaustadt, Liesing',
    ],
    ['Vorarlberg', 'Bregenz, Dornbirn, Feldkirch, Bludenz'],
  ],
};

/** Belgium: its three regions, with French labels. */
export const BE: CountrySource = {
  native: 'fr',
  divisions: [
    [
      'Brussels-Capital Region|Région de Bruxelles-Capitale',
      'Brussels|Bruxelles, Schaerbeek, Anderlecht, Ixelles, Uccle, Molenbeek-Saint-Jean',
    ],
    [
      'Flanders|Flandre',
      'Antwerp|Anvers, Ghent|Gand, Bruges, Leuven|Louvain, Mechelen|Malines, Aalst|Alost, Kortrijk|Courtrai, Hasselt, Ostend|Ostende, Sint-Niklaas|Saint-Nicolas, Genk',
    ],
    ['Wallonia|Wallonie', 'Namur, Charleroi, Liège, Mons, La Louvière, Tournai, Verviers, Wavre, Arlon'],
  ],
};

/** Switzerland: the 26 cantons. */
export const CH: CountrySource = {
  divisions: [
    ['Aargau', 'Aarau, Wettingen, Baden, Wohlen'],
    ['Appenzell Ausserrhoden', 'Herisau, Teufen, Speicher'],
    ['Appenzell Innerrhoden', 'Appenzell, Oberegg'],
    ['Basel-Landschaft', 'Liestal, Allschwil, Reinach, Muttenz'],
    ['Basel-Stadt', 'Basel, Riehen, Bettingen'],
    ['Bern', 'Bern, Biel/Bienne, Thun, Köniz'],
    ['Fribourg', 'Fribourg, Bulle, Villars-sur-Glâne'],
    ['Geneva', 'Geneva, Vernier, Lancy, Meyrin, Carouge'],
    ['Glarus', 'Glarus, Glarus Nord, Glarus Süd'],
    ['Graubünden', 'Chur, Davos, St. Moritz, Landquart'],
    ['Jura', 'Delémont, Porrentruy, Saignelégier'],
    ['Lucerne', 'Lucerne, Emmen, Kriens'],
    ['Neuchâtel', 'Neuchâtel, La Chaux-de-Fonds, Le Locle'],
    ['Nidwalden', 'Stans, Hergiswil, Buochs'],
    ['Obwalden', 'Sarnen, Engelberg, Kerns'],
    ['Schaffhausen', 'Schaffhausen, Neuhausen am Rheinfall, Thayngen'],
    ['Schwyz', 'Schwyz, Einsiedeln, Freienbach'],
    ['Solothurn', 'Solothurn, Olten, Grenchen'],
    ['St. Gallen', 'St. Gallen, Rapperswil-Jona, Wil, Gossau'],
    ['Thurgau', 'Frauenfeld, Kreuzlingen, Arbon, Amriswil'],
    ['Ticino', 'Bellinzona, Lugano, Locarno, Mendrisio'],
    ['Uri', 'Altdorf, Schattdorf, Andermatt'],
    ['Valais', 'Sion, Martigny, Monthey, Brig-Glis, Zermatt'],
    ['Vaud', 'Lausanne, Yverdon-les-Bains, Montreux, Nyon, Renens'],
    ['Zug', 'Zug, Baar, Cham'],
    ['Zurich', 'Zurich, Winterthur, Uster, Dübendorf'],
  ],
};

/** Czechia: the capital and the 13 regions. */
export const CZ: CountrySource = {
  divisions: [
    ['Central Bohemian', 'Kladno, Mladá Boleslav, Příbram, Kolín'],
    ['Hradec Králové', 'Hradec Králové, Trutnov, Náchod'],
    ['Karlovy Vary', 'Karlovy Vary, Cheb, Sokolov'],
    ['Liberec', 'Liberec, Jablonec nad Nisou, Česká Lípa'],
    ['Moravian-Silesian', 'Ostrava, Havířov, Opava, Karviná, Frýdek-Místek'],
    ['Olomouc', 'Olomouc, Prostějov, Přerov, Šumperk'],
    ['Pardubice', 'Pardubice, Chrudim, Svitavy'],
    ['Plzeň', 'Plzeň, Klatovy, Rokycany'],
    ['Prague', 'Prague'],
    ['South Bohemian', 'České Budějovice, Tábor, Písek, Český Krumlov'],
    ['South Moravian', 'Brno, Znojmo, Hodonín, Břeclav'],
    ['Ústí nad Labem', 'Ústí nad Labem, Most, Teplice, Děčín, Chomutov'],
    ['Vysočina', 'Jihlava, Třebíč, Havlíčkův Brod'],
    ['Zlín', 'Zlín, Uherské Hradiště, Kroměříž, Vsetín'],
  ],
};

/** Denmark: the 5 regions (Greenland and the Faroe Islands have their own ISO codes). */
export const DK: CountrySource = {
  divisions: [
    ['Capital Region', 'Copenhagen, Frederiksberg, Hillerød, Helsingør'],
    ['Central Denmark', 'Viborg, Aarhus, Randers, Horsens, Silkeborg, Herning'],
    ['North Denmark', 'Aalborg, Hjørring, Frederikshavn'],
    ['Southern Denmark', 'Vejle, Odense, Esbjerg, Kolding, Sønderborg'],
    ['Zealand', 'Sorø, Roskilde, Næstved, Slagelse, Holbæk'],
  ],
};

/** Finland: the 18 mainland regions (Åland has its own ISO code). */
export const FI: CountrySource = {
  divisions: [
    ['Central Finland', 'Jyväskylä, Jämsä, Äänekoski'],
    ['Central Ostrobothnia', 'Kokkola, Kannus'],
    ['Kainuu', 'Kajaani, Kuhmo, Sotkamo'],
    ['Kanta-Häme', 'Hämeenlinna, Riihimäki, Forssa'],
    ['Kymenlaakso', 'Kouvola, Kotka, Hamina'],
    ['Lapland', 'Rovaniemi, Tornio, Kemi'],
    ['North Karelia', 'Joensuu, Lieksa, Nurmes'],
    ['North Ostrobothnia', 'Oulu, Raahe, Kuusamo'],
    ['North Savo', 'Kuopio, Iisalmi, Varkaus'],
    ['Ostrobothnia', 'Vaasa, Jakobstad, Kristinestad'],
    ['Päijät-Häme', 'Lahti, Heinola'],
    ['Pirkanmaa', 'Tampere, Nokia, Ylöjärvi'],
    ['Satakunta', 'Pori, Rauma'],
    ['South Karelia', 'Lappeenranta, Imatra'],
    ['South Ostrobothnia', 'Seinäjoki, Lapua, Kauhajoki'],
    ['South Savo', 'Mikkeli, Savonlinna, Pieksämäki'],
    ['Southwest Finland', 'Turku, Salo, Uusikaupunki'],
    ['Uusimaa', 'Helsinki, Espoo, Vantaa, Porvoo'],
  ],
};

/** Greece: the 13 administrative regions and Mount Athos. */
export const GR: CountrySource = {
  divisions: [
    ['Attica', 'Athens, Piraeus, Peristeri, Kallithea'],
    ['Central Greece', 'Lamia, Chalcis, Livadeia, Thebes'],
    ['Central Macedonia', 'Thessaloniki, Serres, Katerini, Veria'],
    ['Crete', 'Heraklion, Chania, Rethymno, Agios Nikolaos'],
    ['East Macedonia and Thrace', 'Komotini, Kavala, Alexandroupoli, Xanthi, Drama'],
    ['Epirus', 'Ioannina, Arta, Preveza, Igoumenitsa'],
    ['Ionian Islands', 'Corfu, Argostoli, Zakynthos, Lefkada'],
    ['Mount Athos', 'Karyes'],
    ['North Aegean', 'Mytilene, Chios, Samos'],
    ['Peloponnese', 'Tripoli, Kalamata, Corinth, Sparta, Nafplio'],
    ['South Aegean', 'Ermoupoli, Rhodes, Kos, Mykonos, Santorini'],
    ['Thessaly', 'Larissa, Volos, Trikala, Karditsa'],
    ['West Macedonia', 'Kozani, Ptolemaida, Florina, Kastoria'],
    ['Western Greece', 'Patras, Agrinio, Pyrgos, Messolonghi'],
  ],
};

/** Hungary: Budapest and the 19 counties. */
export const HU: CountrySource = {
  divisions: [
    ['Bács-Kiskun', 'Kecskemét, Baja, Kiskunfélegyháza'],
    ['Baranya', 'Pécs, Komló, Mohács'],
    ['Békés', 'Békéscsaba, Gyula, Orosháza'],
    ['Borsod-Abaúj-Zemplén', 'Miskolc, Ózd, Kazincbarcika'],
    ['Budapest', 'Budapest'],
    ['Csongrád-Csanád', 'Szeged, Hódmezővásárhely, Makó'],
    ['Fejér', 'Székesfehérvár, Dunaújváros'],
    ['Győr-Moson-Sopron', 'Győr, Sopron, Mosonmagyaróvár'],
    ['Hajdú-Bihar', 'Debrecen, Hajdúböszörmény, Hajdúszoboszló'],
    ['Heves', 'Eger, Gyöngyös, Hatvan'],
    ['Jász-Nagykun-Szolnok', 'Szolnok, Jászberény, Törökszentmiklós'],
    ['Komárom-Esztergom', 'Tatabánya, Esztergom, Komárom'],
    ['Nógrád', 'Salgótarján, Balassagyarmat'],
    ['Pest', 'Érd, Cegléd, Gödöllő, Vác, Szentendre'],
    ['Somogy', 'Kaposvár, Siófok, Marcali'],
    ['Szabolcs-Szatmár-Bereg', 'Nyíregyháza, Mátészalka, Kisvárda'],
    ['Tolna', 'Szekszárd, Paks, Dombóvár'],
    ['Vas', 'Szombathely, Sárvár, Kőszeg'],
    ['Veszprém', 'Veszprém, Pápa, Ajka, Balatonfüred'],
    ['Zala', 'Zalaegerszeg, Nagykanizsa, Keszthely'],
  ],
};

/** Ireland: the 26 counties. */
export const IE: CountrySource = {
  divisions: [
    ['Carlow', 'Carlow, Tullow'],
    ['Cavan', 'Cavan, Bailieborough'],
    ['Clare', 'Ennis, Shannon, Kilrush'],
    ['Cork', 'Cork, Mallow, Cobh, Midleton'],
    ['Donegal', 'Lifford, Letterkenny, Buncrana'],
    ['Dublin', 'Dublin, Swords, Tallaght, Dún Laoghaire, Blanchardstown'],
    ['Galway', 'Galway, Tuam, Ballinasloe'],
    ['Kerry', 'Tralee, Killarney, Listowel'],
    ['Kildare', 'Naas, Newbridge, Maynooth, Celbridge'],
    ['Kilkenny', 'Kilkenny, Callan'],
    ['Laois', 'Portlaoise, Portarlington'],
    ['Leitrim', 'Carrick-on-Shannon, Manorhamilton'],
    ['Limerick', 'Limerick, Newcastle West'],
    ['Longford', 'Longford, Granard'],
    ['Louth', 'Dundalk, Drogheda'],
    ['Mayo', 'Castlebar, Ballina, Westport'],
    ['Meath', 'Navan, Trim, Ashbourne'],
    ['Monaghan', 'Monaghan, Carrickmacross'],
    ['Offaly', 'Tullamore, Birr, Edenderry'],
    ['Roscommon', 'Roscommon, Boyle, Castlerea'],
    ['Sligo', 'Sligo, Tubbercurry'],
    ['Tipperary', 'Nenagh, Clonmel, Thurles'],
    ['Waterford', 'Waterford, Dungarvan, Tramore'],
    ['Westmeath', 'Mullingar, Athlone'],
    ['Wexford', 'Wexford, Enniscorthy, New Ross'],
    ['Wicklow', 'Wicklow, Bray, Greystones, Arklow'],
  ],
};

/** Norway: the 15 counties (Svalbard and Jan Mayen have their own ISO code). */
export const NO: CountrySource = {
  divisions: [
    ['Agder', 'Kristiansand, Arendal, Grimstad'],
    ['Akershus', 'Lillestrøm, Asker, Sandvika, Lørenskog'],
    ['Buskerud', 'Drammen, Kongsberg, Hønefoss'],
    ['Finnmark', 'Vadsø, Alta, Hammerfest, Kirkenes'],
    ['Innlandet', 'Hamar, Lillehammer, Gjøvik, Kongsvinger'],
    ['Møre og Romsdal', 'Molde, Ålesund, Kristiansund'],
    ['Nordland', 'Bodø, Narvik, Mo i Rana'],
    ['Oslo', 'Oslo'],
    ['Rogaland', 'Stavanger, Sandnes, Haugesund'],
    ['Telemark', 'Skien, Porsgrunn, Notodden'],
    ['Troms', 'Tromsø, Harstad, Finnsnes'],
    ['Trøndelag', 'Trondheim, Steinkjer, Stjørdal'],
    ['Vestfold', 'Tønsberg, Sandefjord, Larvik, Horten'],
    ['Vestland', 'Bergen, Voss, Stord'],
    ['Østfold', 'Sarpsborg, Fredrikstad, Moss, Halden'],
  ],
};

/** Portugal: the 18 districts and the autonomous regions of the Azores and Madeira. */
export const PT: CountrySource = {
  native: 'pt',
  divisions: [
    ['Aveiro', 'Aveiro, Santa Maria da Feira, Ovar'],
    ['Azores|Açores', 'Ponta Delgada, Angra do Heroísmo, Horta'],
    ['Beja', 'Beja, Odemira'],
    ['Braga', 'Braga, Guimarães, Barcelos'],
    ['Bragança', 'Bragança, Mirandela'],
    ['Castelo Branco', 'Castelo Branco, Covilhã'],
    ['Coimbra', 'Coimbra, Figueira da Foz'],
    ['Évora', 'Évora, Estremoz'],
    ['Faro', 'Faro, Portimão, Lagos, Albufeira, Loulé'],
    ['Guarda', 'Guarda, Seia'],
    ['Leiria', 'Leiria, Caldas da Rainha, Marinha Grande'],
    ['Lisbon|Lisboa', 'Lisbon|Lisboa, Sintra, Amadora, Cascais, Loures, Oeiras'],
    ['Madeira', 'Funchal, Câmara de Lobos, Santa Cruz'],
    ['Portalegre', 'Portalegre, Elvas'],
    ['Porto', 'Porto, Vila Nova de Gaia, Matosinhos, Gondomar, Maia'],
    ['Santarém', 'Santarém, Tomar, Torres Novas'],
    ['Setúbal', 'Setúbal, Almada, Seixal, Barreiro'],
    ['Viana do Castelo', 'Viana do Castelo, Ponte de Lima'],
    ['Vila Real', 'Vila Real, Chaves'],
    ['Viseu', 'Viseu, Lamego'],
  ],
};

/** Romania: Bucharest and the 41 counties. */
export const RO: CountrySource = {
  divisions: [
    ['Alba', 'Alba Iulia, Aiud, Sebeș'],
    ['Arad', 'Arad, Lipova'],
    ['Argeș', 'Pitești, Câmpulung, Curtea de Argeș'],
    ['Bacău', 'Bacău, Onești, Moinești'],
    ['Bihor', 'Oradea, Salonta, Beiuș'],
    ['Bistrița-Năsăud', 'Bistrița, Năsăud'],
    ['Botoșani', 'Botoșani, Dorohoi'],
    ['Brăila', 'Brăila, Ianca'],
    ['Brașov', 'Brașov, Făgăraș, Săcele'],
    ['Bucharest', 'Bucharest'],
    ['Buzău', 'Buzău, Râmnicu Sărat'],
    ['Călărași', 'Călărași, Oltenița'],
    ['Caraș-Severin', 'Reșița, Caransebeș'],
    ['Cluj', 'Cluj-Napoca, Turda, Dej'],
    ['Constanța', 'Constanța, Mangalia, Medgidia'],
    ['Covasna', 'Sfântu Gheorghe, Târgu Secuiesc'],
    ['Dâmbovița', 'Târgoviște, Moreni'],
    ['Dolj', 'Craiova, Băilești, Calafat'],
    ['Galați', 'Galați, Tecuci'],
    ['Giurgiu', 'Giurgiu, Bolintin-Vale'],
    ['Gorj', 'Târgu Jiu, Motru'],
    ['Harghita', 'Miercurea Ciuc, Odorheiu Secuiesc, Gheorgheni'],
    ['Hunedoara', 'Deva, Hunedoara, Petroșani'],
    ['Ialomița', 'Slobozia, Fetești, Urziceni'],
    ['Iași', 'Iași, Pașcani'],
    ['Ilfov', 'Buftea, Voluntari, Pantelimon, Otopeni'],
    ['Maramureș', 'Baia Mare, Sighetu Marmației, Borșa'],
    ['Mehedinți', 'Drobeta-Turnu Severin, Orșova'],
    ['Mureș', 'Târgu Mureș, Reghin, Sighișoara'],
    ['Neamț', 'Piatra Neamț, Roman'],
    ['Olt', 'Slatina, Caracal'],
    ['Prahova', 'Ploiești, Câmpina, Sinaia'],
    ['Sălaj', 'Zalău, Șimleu Silvaniei'],
    ['Satu Mare', 'Satu Mare, Carei'],
    ['Sibiu', 'Sibiu, Mediaș'],
    ['Suceava', 'Suceava, Fălticeni, Rădăuți, Câmpulung Moldovenesc'],
    ['Teleorman', 'Alexandria, Roșiorii de Vede, Turnu Măgurele'],
    ['Timiș', 'Timișoara, Lugoj'],
    ['Tulcea', 'Tulcea, Măcin'],
    ['Vâlcea', 'Râmnicu Vâlcea, Drăgășani'],
    ['Vaslui', 'Vaslui, Bârlad, Huși'],
    ['Vrancea', 'Focșani, Adjud'],
  ],
};

/** Sweden: the 21 counties. */
export const SE: CountrySource = {
  divisions: [
    ['Blekinge', 'Karlskrona, Karlshamn, Ronneby'],
    ['Dalarna', 'Falun, Borlänge, Mora'],
    ['Gotland', 'Visby'],
    ['Gävleborg', 'Gävle, Sandviken, Hudiksvall'],
    ['Halland', 'Halmstad, Varberg, Kungsbacka'],
    ['Jämtland', 'Östersund, Åre'],
    ['Jönköping', 'Jönköping, Värnamo, Nässjö'],
    ['Kalmar', 'Kalmar, Västervik, Oskarshamn'],
    ['Kronoberg', 'Växjö, Ljungby'],
    ['Norrbotten', 'Luleå, Piteå, Kiruna, Boden'],
    ['Skåne', 'Malmö, Helsingborg, Lund, Kristianstad'],
    ['Stockholm', 'Stockholm, Södertälje, Solna, Norrtälje'],
    ['Södermanland', 'Nyköping, Eskilstuna, Katrineholm'],
    ['Uppsala', 'Uppsala, Enköping'],
    ['Värmland', 'Karlstad, Arvika, Kristinehamn'],
    ['Västerbotten', 'Umeå, Skellefteå, Lycksele'],
    ['Västernorrland', 'Härnösand, Sundsvall, Örnsköldsvik'],
    ['Västmanland', 'Västerås, Köping, Sala'],
    ['Västra Götaland', 'Gothenburg, Borås, Trollhättan, Uddevalla, Skövde'],
    ['Örebro', 'Örebro, Karlskoga, Lindesberg'],
    ['Östergötland', 'Linköping, Norrköping, Motala'],
  ],
};
