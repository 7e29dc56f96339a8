import type { CountrySource } from '../types';

/** Germany: the 16 states; Berlin and Hamburg list their boroughs. */
export const DE: CountrySource = {
  native: 'de',
  divisions: [
    [
      'Baden-Württemberg',
      'Stuttgart, Mannheim, Karlsruhe, Freiburg im Breisgau, Heidelberg, Ulm, Heilbronn, Pforzheim, Tübingen',
    ],
    [
      'Bavaria|Bayern',
      'Munich|München, Nuremberg|Nürnberg, Augsburg, Regensburg, Ingolstadt, Würzburg, Fürth, Erlangen',
    ],
    [
      'Berlin',
      'Mitte, Friedrichshain-Kreuzberg, Pankow, Charlottenburg-Wilmersdorf, Spandau, Steglitz-Zehlendorf, Tempelhof-Schöneberg, Neukölln, Treptow-Köpenick, Marzahn-Hellersdorf, Lichtenberg, Reinickendorf',
    ],
    ['Brandenburg', 'Potsdam, Cottbus, Brandenburg an der Havel, Frankfurt (Oder)'],
    ['Bremen', 'Bremen, Bremerhaven'],
    ['Hamburg', 'Hamburg-Mitte, Altona, Eimsbüttel, Hamburg-Nord, Wandsbek, Bergedorf, Harburg'],
    ['Hesse|Hessen', 'Wiesbaden, Frankfurt am Main, Kassel, Darmstadt, Offenbach am Main, Marburg, Gießen'],
    [
      'Lower Saxony|Niedersachsen',
      'Hanover|Hannover, Braunschweig, Oldenburg, Osnabrück, Wolfsburg, Göttingen, Hildesheim',
    ],
    ['Mecklenburg-Vorpommern', 'Schwerin, Rostock, Neubrandenburg, Stralsund, Greifswald, Wismar'],
    [
      'North Rhine-Westphalia|Nordrhein-Westfalen',
      'Düsseldorf, Cologne|Köln, Dortmund, Essen, Duisburg, Bochum, Wuppertal, Bielefeld, Bonn, Münster, Aachen',
    ],
    ['Rhineland-Palatinate|Rheinland-Pfalz', 'Mainz, Ludwigshafen am Rhein, Koblenz, Trier, Kaiserslautern'],
    ['Saarland', 'Saarbrücken, Neunkirchen, Homburg, Völklingen'],
    ['Saxony|Sachsen', 'Dresden, Leipzig, Chemnitz, Zwickau, Plauen, Görlitz'],
    ['Saxony-Anhalt|Sachsen-Anhalt', 'Magdeburg, Halle (Saale), Dessau-Roßlau, Lutherstadt Wittenberg'],
    ['Schleswig-Holstein', 'Kiel, Lübeck, Flensburg, Neumünster'],
    ['Thuringia|Thüringen', 'Erfurt, Jena, Gera, Weimar, Gotha'],
  ],
};

/** United Kingdom: its four countries. */
export const GB: CountrySource = {
  divisions: [
    [
      'England',
      'London, Birmingham, Manchester, Liverpool, Leeds, Sheffield, Bristol, Newcastle upon Tyne, Nottingham, Leicester, Coventry, Bradford, Southampton, Portsmouth, Brighton and Hove, Plymouth, Reading, Derby, Stoke-on-Trent, Wolverhampton, Sunderland, Kingston upon Hull, Norwich, Milton Keynes, Oxford, Cambridge, York, Exeter, Bath, Canterbury',
    ],
    ['Northern Ireland', 'Belfast, Derry, Lisburn, Newry, Armagh, Bangor'],
    ['Scotland', 'Edinburgh, Glasgow, Aberdeen, Dundee, Inverness, Stirling, Perth'],
    ['Wales', 'Cardiff, Swansea, Newport, Wrexham, Bangor, St Asaph'],
  ],
};

/** France: the 13 metropolitan regions (the overseas regions have their own ISO codes). */
export const FR: CountrySource = {
  native: 'fr',
  divisions: [
    [
      'Auvergne-Rhône-Alpes',
      'Lyon, Saint-Étienne, Grenoble, Villeurbanne, Clermont-Ferrand, Annecy, Chambéry, Valence',
    ],
    ['Bourgogne-Franche-Comté', 'Dijon, Besançon, Belfort, Chalon-sur-Saône, Auxerre, Mâcon'],
    ['Brittany|Bretagne', 'Rennes, Brest, Quimper, Lorient, Vannes, Saint-Malo, Saint-Brieuc'],
    ['Centre-Val de Loire', 'Orléans, Tours, Bourges, Blois, Chartres, Châteauroux'],
    ['Corsica|Corse', 'Ajaccio, Bastia, Porto-Vecchio, Corte, Calvi'],
    ['Grand Est', 'Strasbourg, Reims, Metz, Mulhouse, Nancy, Colmar, Troyes'],
    ['Hauts-de-France', 'Lille, Amiens, Roubaix, Tourcoing, Dunkirk|Dunkerque, Calais, Beauvais, Arras'],
    [
      'Île-de-France',
      'Paris, Boulogne-Billancourt, Saint-Denis, Argenteuil, Montreuil, Versailles, Nanterre, Créteil',
    ],
    ['Normandy|Normandie', 'Rouen, Caen, Le Havre, Cherbourg-en-Cotentin, Évreux, Dieppe'],
    ['Nouvelle-Aquitaine', 'Bordeaux, Limoges, Poitiers, Pau, La Rochelle, Bayonne, Angoulême, Biarritz'],
    ['Occitanie', 'Toulouse, Montpellier, Nîmes, Perpignan, Béziers, Carcassonne, Albi'],
    ['Pays de la Loire', 'Nantes, Angers, Le Mans, Saint-Nazaire, La Roche-sur-Yon, Laval'],
    ["Provence-Alpes-Côte d'Azur", 'Marseille, Nice, Toulon, Aix-en-Provence, Avignon, Cannes, Antibes'],
  ],
};

/** Italy: the 20 regions, with Italian labels for Italian-speaking users. */
export const IT: CountrySource = {
  native: 'it',
  divisions: [
    ['Abruzzo', "L'Aquila, Pescara, Chieti, Teramo"],
    ["Aosta Valley|Valle d'Aosta", 'Aosta, Courmayeur, Saint-Vincent'],
    ['Apulia|Puglia', 'Bari, Taranto, Foggia, Lecce, Brindisi, Andria'],
    ['Basilicata', 'Potenza, Matera, Melfi'],
    ['Calabria', 'Catanzaro, Reggio Calabria, Cosenza, Crotone, Lamezia Terme'],
    ['Campania', 'Naples|Napoli, Salerno, Caserta, Torre del Greco, Avellino, Benevento'],
    ['Emilia-Romagna', 'Bologna, Parma, Modena, Reggio Emilia, Ravenna, Rimini, Ferrara, Piacenza'],
    ['Friuli-Venezia Giulia', 'Trieste, Udine, Pordenone, Gorizia'],
    ['Lazio', 'Rome|Roma, Latina, Fiumicino, Frosinone, Viterbo, Rieti'],
    ['Liguria', 'Genoa|Genova, La Spezia, Savona, Sanremo, Imperia'],
    [
      'Lombardy|Lombardia',
      'Milan|Milano, Brescia, Bergamo, Monza, Como, Varese, Pavia, Cremona, Mantua|Mantova',
    ],
    ['Marche', 'Ancona, Pesaro, Fano, Ascoli Piceno, Macerata, Urbino'],
    ['Molise', 'Campobasso, Isernia, Termoli'],
    ['Piedmont|Piemonte', 'Turin|Torino, Novara, Alessandria, Asti, Cuneo, Biella'],
    ['Sardinia|Sardegna', "Cagliari, Sassari, Quartu Sant'Elena, Olbia, Nuoro, Alghero"],
    ['Sicily|Sicilia', 'Palermo, Catania, Messina, Syracuse|Siracusa, Ragusa, Trapani, Agrigento'],
    ['Trentino-South Tyrol|Trentino-Alto Adige', 'Trento, Bolzano, Merano, Rovereto'],
    ['Tuscany|Toscana', 'Florence|Firenze, Prato, Livorno, Pisa, Arezzo, Siena, Lucca'],
    ['Umbria', 'Perugia, Terni, Foligno, Assisi'],
    ['Veneto', 'Venice|Venezia, Verona, Padua|Padova, Vicenza, Treviso, Rovigo, Belluno'],
  ],
};

/** Spain: the 17 autonomous communities and the autonomous cities of Ceuta and Melilla. */
export const ES: CountrySource = {
  native: 'es',
  divisions: [
    [
      'Andalusia|Andalucía',
      'Seville|Sevilla, Málaga, Córdoba, Granada, Almería, Cádiz, Huelva, Jaén, Marbella, Jerez de la Frontera',
    ],
    ['Aragon|Aragón', 'Zaragoza, Huesca, Teruel'],
    ['Asturias', 'Oviedo, Gijón, Avilés'],
    ['Balearic Islands|Islas Baleares', 'Palma, Ibiza, Manacor, Mahón'],
    ['Basque Country|País Vasco', 'Vitoria-Gasteiz, Bilbao, San Sebastián, Barakaldo, Getxo'],
    [
      'Canary Islands|Canarias',
      'Las Palmas de Gran Canaria, Santa Cruz de Tenerife, San Cristóbal de La Laguna, Telde, Arrecife',
    ],
    ['Cantabria', 'Santander, Torrelavega, Castro Urdiales'],
    [
      'Castile and León|Castilla y León',
      'Valladolid, Burgos, Salamanca, León, Palencia, Zamora, Segovia, Ávila, Soria',
    ],
    ['Castilla-La Mancha', 'Toledo, Albacete, Talavera de la Reina, Guadalajara, Ciudad Real, Cuenca'],
    [
      'Catalonia|Cataluña',
      "Barcelona, L'Hospitalet de Llobregat, Badalona, Terrassa, Sabadell, Tarragona, Lleida, Girona",
    ],
    ['Ceuta', 'Ceuta'],
    [
      'Community of Madrid|Comunidad de Madrid',
      'Madrid, Móstoles, Alcalá de Henares, Fuenlabrada, Leganés, Getafe, Alcorcón',
    ],
    ['Extremadura', 'Mérida, Badajoz, Cáceres, Plasencia'],
    ['Galicia', 'Santiago de Compostela, Vigo, A Coruña, Ourense, Lugo, Pontevedra, Ferrol'],
    ['La Rioja', 'Logroño, Calahorra, Arnedo'],
    ['Melilla', 'Melilla'],
    ['Navarre|Navarra', 'Pamplona, Tudela, Barañáin'],
    ['Region of Murcia|Región de Murcia', 'Murcia, Cartagena, Lorca, Molina de Segura'],
    [
      'Valencian Community|Comunidad Valenciana',
      'Valencia, Alicante, Elche, Castellón de la Plana, Torrevieja, Benidorm, Gandia',
    ],
  ],
};

/** Netherlands: the 12 provinces (the Caribbean parts have their own ISO codes). */
export const NL: CountrySource = {
  divisions: [
    ['Drenthe', 'Assen, Emmen, Hoogeveen, Meppel'],
    ['Flevoland', 'Lelystad, Almere, Dronten, Emmeloord'],
    ['Friesland', 'Leeuwarden, Sneek, Heerenveen, Drachten'],
    ['Gelderland', 'Arnhem, Nijmegen, Apeldoorn, Ede, Zutphen'],
    ['Groningen', 'Groningen, Delfzijl, Veendam, Hoogezand'],
    ['Limburg', 'Maastricht, Venlo, Heerlen, Sittard, Roermond'],
    ['North Brabant', "'s-Hertogenbosch, Eindhoven, Tilburg, Breda, Helmond"],
    ['North Holland', 'Haarlem, Amsterdam, Zaanstad, Alkmaar, Hilversum, Amstelveen'],
    ['Overijssel', 'Zwolle, Enschede, Deventer, Hengelo, Almelo'],
    ['South Holland', 'The Hague, Rotterdam, Leiden, Dordrecht, Zoetermeer, Delft'],
    ['Utrecht', 'Utrecht, Amersfoort, Nieuwegein, Veenendaal, Zeist'],
    ['Zeeland', 'Middelburg, Vlissingen, Goes, Terneuzen'],
  ],
};

/** Poland: the 16 voivodeships. */
export const PL: CountrySource = {
  divisions: [
    ['Greater Poland', 'Poznań, Kalisz, Konin, Piła, Gniezno, Leszno'],
    ['Kuyavian-Pomeranian', 'Bydgoszcz, Toruń, Włocławek, Grudziądz, Inowrocław'],
    ['Lesser Poland', 'Kraków, Tarnów, Nowy Sącz, Oświęcim, Zakopane'],
    ['Łódź', 'Łódź, Piotrków Trybunalski, Pabianice, Tomaszów Mazowiecki, Bełchatów'],
    ['Lower Silesian', 'Wrocław, Wałbrzych, Legnica, Jelenia Góra, Lubin'],
    ['Lublin', 'Lublin, Chełm, Zamość, Biała Podlaska, Puławy'],
    ['Lubusz', 'Gorzów Wielkopolski, Zielona Góra, Nowa Sól, Żary'],
    ['Masovian', 'Warsaw, Radom, Płock, Siedlce, Pruszków, Legionowo'],
    ['Opole', 'Opole, Kędzierzyn-Koźle, Nysa, Brzeg'],
    ['Podlaskie', 'Białystok, Suwałki, Łomża, Augustów'],
    ['Pomeranian', 'Gdańsk, Gdynia, Słupsk, Sopot, Tczew, Wejherowo'],
    ['Silesian', 'Katowice, Częstochowa, Sosnowiec, Gliwice, Zabrze, Bielsko-Biała, Bytom, Rybnik, Tychy'],
    ['Subcarpathian', 'Rzeszów, Przemyśl, Stalowa Wola, Mielec, Krosno'],
    ['Świętokrzyskie', 'Kielce, Ostrowiec Świętokrzyski, Starachowice, Sandomierz'],
    ['Warmian-Masurian', 'Olsztyn, Elbląg, Ełk, Ostróda'],
    ['West Pomeranian', 'Szczecin, Koszalin, Stargard, Kołobrzeg, Świnoujście'],
  ],
};

/** Ukraine: the 24 oblasts, the Autonomous Republic of Crimea and the cities of Kyiv and Sevastopol. */
export const UA: CountrySource = {
  divisions: [
    ['Cherkasy Oblast', 'Cherkasy, Uman, Smila'],
    ['Chernihiv Oblast', 'Chernihiv, Nizhyn, Pryluky'],
    ['Chernivtsi Oblast', 'Chernivtsi, Khotyn, Storozhynets'],
    ['Crimea', 'Simferopol, Kerch, Yevpatoria, Yalta, Feodosia'],
    ['Dnipropetrovsk Oblast', 'Dnipro, Kryvyi Rih, Kamianske, Nikopol, Pavlohrad'],
    ['Donetsk Oblast', 'Donetsk, Mariupol, Kramatorsk, Sloviansk, Makiivka'],
    ['Ivano-Frankivsk Oblast', 'Ivano-Frankivsk, Kalush, Kolomyia'],
    ['Kharkiv Oblast', 'Kharkiv, Lozova, Izium, Chuhuiv'],
    ['Kherson Oblast', 'Kherson, Nova Kakhovka, Kakhovka'],
    ['Khmelnytskyi Oblast', 'Khmelnytskyi, Kamianets-Podilskyi, Shepetivka'],
    ['Kirovohrad Oblast', 'Kropyvnytskyi, Oleksandriia, Svitlovodsk'],
    ['Kyiv', 'Kyiv'],
    ['Kyiv Oblast', 'Bila Tserkva, Brovary, Boryspil, Irpin, Bucha'],
    ['Luhansk Oblast', 'Luhansk, Sievierodonetsk, Lysychansk, Alchevsk'],
    ['Lviv Oblast', 'Lviv, Drohobych, Sheptytskyi, Stryi'],
    ['Mykolaiv Oblast', 'Mykolaiv, Pervomaisk, Voznesensk'],
    ['Odesa Oblast', 'Odesa, Izmail, Chornomorsk, Bilhorod-Dnistrovskyi'],
    ['Poltava Oblast', 'Poltava, Kremenchuk, Myrhorod'],
    ['Rivne Oblast', 'Rivne, Dubno, Varash'],
    ['Sevastopol', 'Sevastopol'],
    ['Sumy Oblast', 'Sumy, Konotop, Shostka'],
    ['Ternopil Oblast', 'Ternopil, Chortkiv, Kremenets'],
    ['Vinnytsia Oblast', 'Vinnytsia, Zhmerynka, Mohyliv-Podilskyi'],
    ['Volyn Oblast', 'Lutsk, Kovel, Volodymyr'],
    ['Zakarpattia Oblast', 'Uzhhorod, Mukachevo, Khust'],
    ['Zaporizhzhia Oblast', 'Zaporizhzhia, Melitopol, Berdiansk, Enerhodar'],
    ['Zhytomyr Oblast', 'Zhytomyr, Berdychiv, Korosten'],
  ],
};
