import type { CountrySource } from '../types';

// ---- South America --------------------------------------------------------------------------

/** Chile: the 16 regions. */
export const CL: CountrySource = {
  native: 'es',
  divisions: [
    ['Antofagasta', 'Antofagasta, Calama, Tocopilla, San Pedro de Atacama'],
    ['Araucanía', 'Temuco, Villarrica, Angol, Pucón'],
    ['Arica y Parinacota', 'Arica, Putre'],
    ['Atacama', 'Copiapó, Vallenar, Caldera'],
    ['Aysén', 'Coyhaique, Puerto Aysén'],
    ['Biobío', 'Concepción, Talcahuano, Los Ángeles, Coronel'],
    ['Coquimbo', 'La Serena, Coquimbo, Ovalle'],
    ['Los Lagos', 'Puerto Montt, Osorno, Castro, Puerto Varas'],
    ['Los Ríos', 'Valdivia, La Unión'],
    ['Magallanes', 'Punta Arenas, Puerto Natales, Porvenir'],
    ['Maule', 'Talca, Curicó, Linares'],
    ['Ñuble', 'Chillán, San Carlos'],
    ["O'Higgins", 'Rancagua, San Fernando, Rengo'],
    [
      'Santiago Metropolitan|Región Metropolitana de Santiago',
      'Santiago, Puente Alto, Maipú, La Florida, Las Condes, Providencia',
    ],
    ['Tarapacá', 'Iquique, Alto Hospicio, Pozo Almonte'],
    ['Valparaíso', 'Valparaíso, Viña del Mar, Quilpué, San Antonio'],
  ],
};

/** Ecuador: the 24 provinces. */
export const EC: CountrySource = {
  divisions: [
    ['Azuay', 'Cuenca, Gualaceo'],
    ['Bolívar', 'Guaranda'],
    ['Cañar', 'Azogues, La Troncal'],
    ['Carchi', 'Tulcán'],
    ['Chimborazo', 'Riobamba'],
    ['Cotopaxi', 'Latacunga'],
    ['El Oro', 'Machala, Pasaje, Santa Rosa'],
    ['Esmeraldas', 'Esmeraldas, Atacames'],
    ['Galápagos', 'Puerto Baquerizo Moreno, Puerto Ayora'],
    ['Guayas', 'Guayaquil, Durán, Milagro, Samborondón'],
    ['Imbabura', 'Ibarra, Otavalo'],
    ['Loja', 'Loja, Catamayo'],
    ['Los Ríos', 'Babahoyo, Quevedo'],
    ['Manabí', 'Portoviejo, Manta, Chone'],
    ['Morona Santiago', 'Macas'],
    ['Napo', 'Tena'],
    ['Orellana', 'Puerto Francisco de Orellana'],
    ['Pastaza', 'Puyo'],
    ['Pichincha', 'Quito, Cayambe, Sangolquí'],
    ['Santa Elena', 'Santa Elena, La Libertad, Salinas'],
    ['Santo Domingo de los Tsáchilas', 'Santo Domingo'],
    ['Sucumbíos', 'Nueva Loja'],
    ['Tungurahua', 'Ambato, Baños'],
    ['Zamora Chinchipe', 'Zamora'],
  ],
};

/** Peru: the 24 departments and the Constitutional Province of Callao. */
export const PE: CountrySource = {
  divisions: [
    ['Amazonas', 'Chachapoyas, Bagua'],
    ['Áncash', 'Huaraz, Chimbote'],
    ['Apurímac', 'Abancay, Andahuaylas'],
    ['Arequipa', 'Arequipa, Camaná, Mollendo'],
    ['Ayacucho', 'Ayacucho, Huanta'],
    ['Cajamarca', 'Cajamarca, Jaén, Chota'],
    ['Callao', 'Callao, Ventanilla'],
    ['Cusco', 'Cusco, Sicuani, Quillabamba, Urubamba'],
    ['Huancavelica', 'Huancavelica, Lircay'],
    ['Huánuco', 'Huánuco, Tingo María'],
    ['Ica', 'Ica, Chincha Alta, Pisco, Nazca'],
    ['Junín', 'Huancayo, Tarma, La Oroya, Jauja'],
    ['La Libertad', 'Trujillo, Chepén, Pacasmayo'],
    ['Lambayeque', 'Chiclayo, Lambayeque, Ferreñafe'],
    ['Lima', 'Lima, Huacho, Cañete, Huaral'],
    ['Loreto', 'Iquitos, Yurimaguas'],
    ['Madre de Dios', 'Puerto Maldonado'],
    ['Moquegua', 'Moquegua, Ilo'],
    ['Pasco', 'Cerro de Pasco, Oxapampa'],
    ['Piura', 'Piura, Sullana, Talara, Paita'],
    ['Puno', 'Puno, Juliaca, Ilave'],
    ['San Martín', 'Moyobamba, Tarapoto, Juanjuí'],
    ['Tacna', 'Tacna'],
    ['Tumbes', 'Tumbes, Zorritos'],
    ['Ucayali', 'Pucallpa'],
  ],
};

/** Venezuela: the 23 states and the Capital District. */
export const VE: CountrySource = {
  native: 'es',
  divisions: [
    ['Amazonas', 'Puerto Ayacucho'],
    ['Anzoátegui', 'Barcelona, Puerto La Cruz, El Tigre'],
    ['Apure', 'San Fernando de Apure, Guasdualito'],
    ['Aragua', 'Maracay, Turmero, La Victoria'],
    ['Barinas', 'Barinas, Socopó'],
    ['Bolívar', 'Ciudad Bolívar, Ciudad Guayana, Upata'],
    ['Capital District|Distrito Capital', 'Caracas'],
    ['Carabobo', 'Valencia, Puerto Cabello, Guacara'],
    ['Cojedes', 'San Carlos, Tinaquillo'],
    ['Delta Amacuro', 'Tucupita'],
    ['Falcón', 'Coro, Punto Fijo'],
    ['Guárico', 'San Juan de los Morros, Calabozo, Valle de la Pascua'],
    ['La Guaira', 'La Guaira, Maiquetía, Catia La Mar'],
    ['Lara', 'Barquisimeto, Carora, Cabudare'],
    ['Mérida', 'Mérida, El Vigía, Ejido'],
    ['Miranda', 'Los Teques, Petare, Guarenas, Guatire'],
    ['Monagas', 'Maturín, Punta de Mata'],
    ['Nueva Esparta', 'La Asunción, Porlamar, Pampatar'],
    ['Portuguesa', 'Guanare, Acarigua, Araure'],
    ['Sucre', 'Cumaná, Carúpano'],
    ['Táchira', 'San Cristóbal, Táriba, San Antonio del Táchira'],
    ['Trujillo', 'Trujillo, Valera, Boconó'],
    ['Yaracuy', 'San Felipe, Yaritagua'],
    ['Zulia', 'Maracaibo, Cabimas, Ciudad Ojeda, San Francisco'],
  ],
};

// ---- Asia -----------------------------------------------------------------------------------

/** Afghanistan: the 34 provinces. */
export const AF: CountrySource = {
  divisions: [
    ['Badakhshan', 'Fayzabad'],
    ['Badghis', 'Qala-e-Naw'],
    ['Baghlan', 'Pul-e-Khumri, Baghlan'],
    ['Balkh', 'Mazar-i-Sharif, Balkh'],
    ['Bamyan', 'Bamyan'],
    ['Daykundi', 'Nili'],
    ['Farah', 'Farah'],
    ['Faryab', 'Maymana, Andkhoy'],
    ['Ghazni', 'Ghazni'],
    ['Ghor', 'Chaghcharan'],
    ['Helmand', 'Lashkar Gah, Gereshk'],
    ['Herat', 'Herat, Shindand'],
    ['Jowzjan', 'Sheberghan'],
    ['Kabul', 'Kabul'],
    ['Kandahar', 'Kandahar, Spin Boldak'],
    ['Kapisa', 'Mahmud-i-Raqi'],
    ['Khost', 'Khost'],
    ['Kunar', 'Asadabad'],
    ['Kunduz', 'Kunduz'],
    ['Laghman', 'Mihtarlam'],
    ['Logar', 'Pul-i-Alam'],
    ['Maidan Wardak', 'Maidan Shar'],
    ['Nangarhar', 'Jalalabad'],
    ['Nimruz', 'Zaranj'],
    ['Nuristan', 'Parun'],
    ['Paktia', 'Gardez'],
    ['Paktika', 'Sharana'],
    ['Panjshir', 'Bazarak'],
    ['Parwan', 'Charikar, Bagram'],
    ['Samangan', 'Aybak'],
    ['Sar-e Pol', 'Sar-e Pol'],
    ['Takhar', 'Taloqan'],
    ['Uruzgan', 'Tarinkot'],
    ['Zabul', 'Qalat'],
  ],
};

/** Iraq: the 19 governorates. */
export const IQ: CountrySource = {
  divisions: [
    ['Al-Qadisiyyah', 'Diwaniyah'],
    ['Anbar', 'Ramadi, Fallujah, Hit, Haditha'],
    ['Babil', 'Hillah, Musayyib, Iskandariya'],
    ['Baghdad', 'Baghdad'],
    ['Basra', 'Basra, Zubair'],
    ['Dhi Qar', 'Nasiriyah, Al-Shatrah'],
    ['Diyala', 'Baqubah, Khanaqin, Muqdadiyah'],
    ['Duhok', 'Duhok, Zakho, Amadiya'],
    ['Erbil', 'Erbil, Shaqlawa, Koya'],
    ['Halabja', 'Halabja'],
    ['Karbala', 'Karbala'],
    ['Kirkuk', 'Kirkuk, Hawija'],
    ['Maysan', 'Amarah'],
    ['Muthanna', 'Samawah'],
    ['Najaf', 'Najaf, Kufa'],
    ['Nineveh', 'Mosul, Tal Afar, Sinjar'],
    ['Saladin', 'Tikrit, Samarra, Baiji'],
    ['Sulaymaniyah', 'Sulaymaniyah, Ranya, Chamchamal'],
    ['Wasit', 'Kut, Al-Suwaira'],
  ],
};

/** Kazakhstan: the 17 regions and the cities of Astana, Almaty and Shymkent. */
export const KZ: CountrySource = {
  divisions: [
    ['Abai', 'Semey, Kurchatov, Ayagoz'],
    ['Akmola', 'Kokshetau, Stepnogorsk, Shchuchinsk'],
    ['Aktobe', 'Aktobe, Khromtau'],
    ['Almaty', 'Almaty'],
    ['Almaty Region', 'Konaev, Kaskelen, Talgar'],
    ['Astana', 'Astana'],
    ['Atyrau', 'Atyrau, Kulsary'],
    ['East Kazakhstan', 'Oskemen, Ridder'],
    ['Jambyl', 'Taraz, Shu'],
    ['Jetisu', 'Taldykorgan, Tekeli'],
    ['Karaganda', 'Karaganda, Temirtau, Balkhash'],
    ['Kostanay', 'Kostanay, Rudny'],
    ['Kyzylorda', 'Kyzylorda, Aral'],
    ['Mangystau', 'Aktau, Zhanaozen'],
    ['North Kazakhstan', 'Petropavl'],
    ['Pavlodar', 'Pavlodar, Ekibastuz, Aksu'],
    ['Shymkent', 'Shymkent'],
    ['Turkistan', 'Turkistan, Kentau'],
    ['Ulytau', 'Jezkazgan, Satpayev'],
    ['West Kazakhstan', 'Oral, Aksai'],
  ],
};

/** Sri Lanka: the 9 provinces. */
export const LK: CountrySource = {
  divisions: [
    ['Central', 'Kandy, Matale, Nuwara Eliya'],
    ['Eastern', 'Trincomalee, Batticaloa, Ampara'],
    ['North Central', 'Anuradhapura, Polonnaruwa'],
    ['North Western', 'Kurunegala, Puttalam, Chilaw'],
    ['Northern', 'Jaffna, Kilinochchi, Vavuniya, Mannar'],
    ['Sabaragamuwa', 'Ratnapura, Kegalle, Balangoda'],
    ['Southern', 'Galle, Matara, Hambantota'],
    ['Uva', 'Badulla, Bandarawela, Monaragala'],
    ['Western', 'Colombo, Sri Jayawardenepura Kotte, Negombo, Gampaha, Kalutara, Moratuwa'],
  ],
};

/** Myanmar: the 7 regions, 7 states and the Naypyidaw Union Territory. */
export const MM: CountrySource = {
  divisions: [
    ['Ayeyarwady', 'Pathein, Hinthada, Myaungmya'],
    ['Bago', 'Bago, Pyay, Taungoo'],
    ['Chin', 'Hakha, Falam, Tedim'],
    ['Kachin', 'Myitkyina, Bhamo, Putao'],
    ['Kayah', 'Loikaw'],
    ['Kayin', 'Hpa-an, Myawaddy'],
    ['Magway', 'Magway, Pakokku, Minbu'],
    ['Mandalay', 'Mandalay, Meiktila, Pyin Oo Lwin, Myingyan'],
    ['Mon', 'Mawlamyine, Thaton, Kyaikto'],
    ['Naypyidaw', 'Naypyidaw'],
    ['Rakhine', 'Sittwe, Kyaukphyu, Thandwe'],
    ['Sagaing', 'Sagaing, Monywa, Shwebo, Kalay'],
    ['Shan', 'Taunggyi, Lashio, Kengtung, Tachileik'],
    ['Tanintharyi', 'Dawei, Myeik, Kawthaung'],
    ['Yangon', 'Yangon, Thanlyin, Twante'],
  ],
};

/** Nepal: the 7 provinces. */
export const NP: CountrySource = {
  divisions: [
    ['Bagmati', 'Hetauda, Kathmandu, Lalitpur, Bhaktapur, Bharatpur'],
    ['Gandaki', 'Pokhara, Gorkha, Baglung'],
    ['Karnali', 'Birendranagar, Jumla'],
    ['Koshi', 'Biratnagar, Dharan, Itahari'],
    ['Lumbini', 'Butwal, Siddharthanagar, Nepalgunj, Tansen'],
    ['Madhesh', 'Janakpur, Birgunj, Rajbiraj'],
    ['Sudurpashchim', 'Dhangadhi, Mahendranagar'],
  ],
};

/** Uzbekistan: the 12 regions, Karakalpakstan and the city of Tashkent. */
export const UZ: CountrySource = {
  divisions: [
    ['Andijan', 'Andijan, Asaka'],
    ['Bukhara', 'Bukhara, Kagan, Gijduvan'],
    ['Fergana', 'Fergana, Kokand, Margilan'],
    ['Jizzakh', 'Jizzakh'],
    ['Karakalpakstan', 'Nukus, Moynaq'],
    ['Kashkadarya', 'Karshi, Shakhrisabz'],
    ['Khorezm', 'Urgench, Khiva'],
    ['Namangan', 'Namangan, Chust'],
    ['Navoiy', 'Navoiy, Zarafshan'],
    ['Samarkand', 'Samarkand, Kattakurgan'],
    ['Sirdaryo', 'Gulistan, Yangiyer'],
    ['Surkhandarya', 'Termez, Denov'],
    ['Tashkent', 'Tashkent'],
    ['Tashkent Region', 'Nurafshon, Chirchiq, Angren, Olmaliq'],
  ],
};

// ---- Africa ---------------------------------------------------------------------------------

/** Ghana: the 16 regions. */
export const GH: CountrySource = {
  divisions: [
    ['Ahafo', 'Goaso'],
    ['Ashanti', 'Kumasi, Obuasi, Ejisu'],
    ['Bono', 'Sunyani, Berekum'],
    ['Bono East', 'Techiman, Kintampo'],
    ['Central', 'Cape Coast, Kasoa, Winneba'],
    ['Eastern', 'Koforidua, Nkawkaw, Akim Oda'],
    ['Greater Accra', 'Accra, Tema, Madina'],
    ['North East', 'Nalerigu, Walewale'],
    ['Northern', 'Tamale, Yendi'],
    ['Oti', 'Dambai, Nkwanta'],
    ['Savannah', 'Damongo, Salaga'],
    ['Upper East', 'Bolgatanga, Navrongo, Bawku'],
    ['Upper West', 'Wa'],
    ['Volta', 'Ho, Hohoe, Keta'],
    ['Western', 'Sekondi-Takoradi, Tarkwa'],
    ['Western North', 'Sefwi Wiawso, Bibiani'],
  ],
};

/** Kenya: the 47 counties; Nairobi lists its main sub-counties. */
export const KE: CountrySource = {
  divisions: [
    ['Baringo', 'Kabarnet, Eldama Ravine'],
    ['Bomet', 'Bomet'],
    ['Bungoma', 'Bungoma, Webuye, Kimilili'],
    ['Busia', 'Busia, Malaba'],
    ['Elgeyo-Marakwet', 'Iten'],
    ['Embu', 'Embu, Runyenjes'],
    ['Garissa', 'Garissa'],
    ['Homa Bay', 'Homa Bay, Mbita'],
    ['Isiolo', 'Isiolo'],
    ['Kajiado', 'Kajiado, Kitengela, Ngong'],
    ['Kakamega', 'Kakamega, Mumias'],
    ['Kericho', 'Kericho, Litein'],
    ['Kiambu', 'Kiambu, Thika, Ruiru, Kikuyu'],
    ['Kilifi', 'Kilifi, Malindi, Watamu'],
    ['Kirinyaga', 'Kerugoya'],
    ['Kisii', 'Kisii'],
    ['Kisumu', 'Kisumu, Ahero'],
    ['Kitui', 'Kitui, Mwingi'],
    ['Kwale', 'Kwale, Ukunda'],
    ['Laikipia', 'Nanyuki, Nyahururu'],
    ['Lamu', 'Lamu'],
    ['Machakos', 'Machakos, Athi River'],
    ['Makueni', 'Wote, Makindu'],
    ['Mandera', 'Mandera'],
    ['Marsabit', 'Marsabit, Moyale'],
    ['Meru', 'Meru, Maua'],
    ['Migori', 'Migori, Awendo'],
    ['Mombasa', 'Mombasa'],
    ["Murang'a", "Murang'a"],
    ['Nairobi', 'Westlands, Kasarani, Embakasi, Langata, Dagoretti, Kibra, Starehe, Kamukunji, Makadara'],
    ['Nakuru', 'Nakuru, Naivasha, Molo'],
    ['Nandi', 'Kapsabet'],
    ['Narok', 'Narok'],
    ['Nyamira', 'Nyamira'],
    ['Nyandarua', 'Ol Kalou'],
    ['Nyeri', 'Nyeri, Karatina'],
    ['Samburu', 'Maralal'],
    ['Siaya', 'Siaya, Bondo'],
    ['Taita-Taveta', 'Voi, Taveta, Wundanyi'],
    ['Tana River', 'Hola'],
    ['Tharaka-Nithi', 'Chuka'],
    ['Trans-Nzoia', 'Kitale'],
    ['Turkana', 'Lodwar, Kakuma'],
    ['Uasin Gishu', 'Eldoret'],
    ['Vihiga', 'Mbale'],
    ['Wajir', 'Wajir'],
    ['West Pokot', 'Kapenguria'],
  ],
};

/**
 * Morocco: the 10 regions outside Western Sahara (which has its own ISO code, EH); French
 * labels for French-speaking users.
 */
export const MA: CountrySource = {
  native: 'fr',
  divisions: [
    ['Béni Mellal-Khénifra', 'Béni Mellal, Khouribga, Khénifra'],
    ['Casablanca-Settat', 'Casablanca, Mohammedia, El Jadida, Settat'],
    ['Drâa-Tafilalet', 'Errachidia, Ouarzazate, Zagora'],
    ['Fès-Meknès', 'Fez|Fès, Meknes|Meknès, Taza, Ifrane'],
    ['Guelmim-Oued Noun', 'Guelmim, Tan-Tan, Sidi Ifni'],
    ['Marrakesh-Safi|Marrakech-Safi', 'Marrakesh|Marrakech, Safi, Essaouira'],
    ['Oriental|L’Oriental', 'Oujda, Nador, Berkane'],
    ['Rabat-Salé-Kénitra', 'Rabat, Salé, Kénitra, Témara'],
    ['Souss-Massa', 'Agadir, Inezgane, Taroudant, Tiznit'],
    ['Tanger-Tétouan-Al Hoceïma', 'Tangier|Tanger, Tétouan, Al Hoceïma, Larache'],
  ],
};

// ---- Oceania --------------------------------------------------------------------------------

/** New Zealand: the 16 regions. */
export const NZ: CountrySource = {
  divisions: [
    ['Auckland', 'Auckland, Manukau, North Shore'],
    ['Bay of Plenty', 'Tauranga, Rotorua, Whakatāne'],
    ['Canterbury', 'Christchurch, Timaru, Ashburton, Rangiora'],
    ['Gisborne', 'Gisborne'],
    ["Hawke's Bay", 'Napier, Hastings'],
    ['Manawatū-Whanganui', 'Palmerston North, Whanganui, Levin'],
    ['Marlborough', 'Blenheim, Picton'],
    ['Nelson', 'Nelson'],
    ['Northland', 'Whangārei, Kerikeri, Kaitaia'],
    ['Otago', 'Dunedin, Queenstown, Oamaru, Wānaka'],
    ['Southland', 'Invercargill, Gore'],
    ['Taranaki', 'New Plymouth, Hāwera'],
    ['Tasman', 'Richmond, Motueka'],
    ['Waikato', 'Hamilton, Taupō, Cambridge'],
    ['Wellington', 'Wellington, Lower Hutt, Porirua, Upper Hutt'],
    ['West Coast', 'Greymouth, Westport, Hokitika'],
  ],
};
