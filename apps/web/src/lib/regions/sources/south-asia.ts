import type { CountrySource } from '../types';

/** India: the 28 states and 8 union territories. */
export const IN: CountrySource = {
  divisions: [
    ['Andaman and Nicobar Islands', 'Sri Vijaya Puram, Car Nicobar, Mayabunder'],
    [
      'Andhra Pradesh',
      'Amaravati, Visakhapatnam, Vijayawada, Guntur, Nellore, Tirupati, Kurnool, Rajahmundry',
    ],
    ['Arunachal Pradesh', 'Itanagar, Naharlagun, Pasighat, Tawang'],
    ['Assam', 'Dispur, Guwahati, Silchar, Dibrugarh, Jorhat, Tezpur'],
    ['Bihar', 'Patna, Gaya, Bhagalpur, Muzaffarpur, Darbhanga, Purnia'],
    ['Chandigarh', 'Chandigarh'],
    ['Chhattisgarh', 'Raipur, Bhilai, Bilaspur, Korba, Durg'],
    ['Dadra and Nagar Haveli and Daman and Diu', 'Daman, Silvassa, Diu'],
    ['Delhi', 'New Delhi, Delhi'],
    ['Goa', 'Panaji, Margao, Vasco da Gama, Mapusa'],
    ['Gujarat', 'Gandhinagar, Ahmedabad, Surat, Vadodara, Rajkot, Bhavnagar, Jamnagar'],
    ['Haryana', 'Faridabad, Gurugram, Panipat, Ambala, Rohtak, Hisar, Karnal'],
    ['Himachal Pradesh', 'Shimla, Dharamshala, Mandi, Solan, Kullu, Manali'],
    ['Jammu and Kashmir', 'Srinagar, Jammu, Anantnag, Baramulla'],
    ['Jharkhand', 'Ranchi, Jamshedpur, Dhanbad, Bokaro, Deoghar'],
    ['Karnataka', 'Bengaluru, Mysuru, Hubballi, Mangaluru, Belagavi, Kalaburagi, Davanagere'],
    ['Kerala', 'Thiruvananthapuram, Kochi, Kozhikode, Thrissur, Kollam, Kannur'],
    ['Ladakh', 'Leh, Kargil'],
    ['Lakshadweep', 'Kavaratti, Agatti, Minicoy'],
    ['Madhya Pradesh', 'Bhopal, Indore, Jabalpur, Gwalior, Ujjain, Sagar'],
    [
      'Maharashtra',
      'Mumbai, Pune, Nagpur, Thane, Nashik, Chhatrapati Sambhajinagar, Solapur, Navi Mumbai, Kolhapur',
    ],
    ['Manipur', 'Imphal, Thoubal, Bishnupur, Churachandpur'],
    ['Meghalaya', 'Shillong, Tura, Jowai'],
    ['Mizoram', 'Aizawl, Lunglei, Champhai'],
    ['Nagaland', 'Kohima, Dimapur, Mokokchung'],
    ['Odisha', 'Bhubaneswar, Cuttack, Rourkela, Berhampur, Sambalpur, Puri'],
    ['Puducherry', 'Puducherry, Karaikal, Mahe, Yanam'],
    ['Punjab', 'Ludhiana, Amritsar, Jalandhar, Patiala, Bathinda, Mohali'],
    ['Rajasthan', 'Jaipur, Jodhpur, Kota, Bikaner, Ajmer, Udaipur'],
    ['Sikkim', 'Gangtok, Namchi, Gyalshing, Mangan'],
    ['Tamil Nadu', 'Chennai, Coimbatore, Madurai, Tiruchirappalli, Salem, Tiruppur, Vellore'],
    ['Telangana', 'Hyderabad, Warangal, Nizamabad, Karimnagar, Khammam'],
    ['Tripura', 'Agartala, Udaipur, Dharmanagar'],
    [
      'Uttar Pradesh',
      'Lucknow, Kanpur, Ghaziabad, Agra, Varanasi, Meerut, Prayagraj, Noida, Bareilly, Aligarh',
    ],
    ['Uttarakhand', 'Dehradun, Haridwar, Haldwani, Roorkee, Rishikesh, Nainital'],
    ['West Bengal', 'Kolkata, Howrah, Asansol, Siliguri, Durgapur, Darjeeling'],
  ],
};

/** Pakistan: the 4 provinces, the capital territory and the two administered territories. */
export const PK: CountrySource = {
  divisions: [
    ['Azad Kashmir', 'Muzaffarabad, Mirpur, Kotli, Rawalakot'],
    ['Balochistan', 'Quetta, Gwadar, Turbat, Khuzdar, Chaman'],
    ['Gilgit-Baltistan', 'Gilgit, Skardu, Chilas, Hunza'],
    ['Islamabad Capital Territory', 'Islamabad'],
    ['Khyber Pakhtunkhwa', 'Peshawar, Mardan, Abbottabad, Mingora, Kohat, Dera Ismail Khan'],
    ['Punjab', 'Lahore, Faisalabad, Rawalpindi, Multan, Gujranwala, Sialkot, Bahawalpur, Sargodha'],
    ['Sindh', 'Karachi, Hyderabad, Sukkur, Larkana, Mirpur Khas, Nawabshah'],
  ],
};

/** Bangladesh: the 8 divisions. */
export const BD: CountrySource = {
  divisions: [
    ['Barishal', 'Barishal, Patuakhali, Bhola, Pirojpur'],
    ['Chattogram', "Chattogram, Cox's Bazar, Cumilla, Feni, Noakhali, Brahmanbaria, Rangamati"],
    ['Dhaka', 'Dhaka, Narayanganj, Gazipur, Tangail, Faridpur, Narsingdi'],
    ['Khulna', 'Khulna, Jashore, Kushtia, Satkhira, Bagerhat'],
    ['Mymensingh', 'Mymensingh, Jamalpur, Netrokona, Sherpur'],
    ['Rajshahi', 'Rajshahi, Bogura, Pabna, Sirajganj, Naogaon'],
    ['Rangpur', 'Rangpur, Dinajpur, Saidpur, Kurigram, Gaibandha'],
    ['Sylhet', 'Sylhet, Moulvibazar, Habiganj, Sunamganj'],
  ],
};

/** Iran: the 31 provinces. */
export const IR: CountrySource = {
  divisions: [
    ['Alborz', 'Karaj, Fardis, Nazarabad'],
    ['Ardabil', 'Ardabil, Parsabad, Meshginshahr'],
    ['Bushehr', 'Bushehr, Borazjan, Kangan'],
    ['Chaharmahal and Bakhtiari', 'Shahrekord, Borujen, Farsan'],
    ['East Azerbaijan', 'Tabriz, Maragheh, Marand, Mianeh'],
    ['Fars', 'Shiraz, Marvdasht, Jahrom, Kazerun'],
    ['Gilan', 'Rasht, Bandar-e Anzali, Lahijan, Langarud'],
    ['Golestan', 'Gorgan, Gonbad-e Kavus, Aliabad-e Katul'],
    ['Hamadan', 'Hamadan, Malayer, Nahavand'],
    ['Hormozgan', 'Bandar Abbas, Minab, Qeshm, Kish'],
    ['Ilam', 'Ilam, Dehloran, Mehran'],
    ['Isfahan', 'Isfahan, Kashan, Khomeyni Shahr, Najafabad'],
    ['Kerman', 'Kerman, Sirjan, Rafsanjan, Bam'],
    ['Kermanshah', 'Kermanshah, Eslamabad-e Gharb, Kangavar'],
    ['Khuzestan', 'Ahvaz, Dezful, Abadan, Khorramshahr, Bandar-e Mahshahr'],
    ['Kohgiluyeh and Boyer-Ahmad', 'Yasuj, Dogonbadan, Dehdasht'],
    ['Kurdistan', 'Sanandaj, Saqqez, Marivan, Baneh'],
    ['Lorestan', 'Khorramabad, Borujerd, Dorud, Aligudarz'],
    ['Markazi', 'Arak, Saveh, Khomeyn'],
    ['Mazandaran', 'Sari, Amol, Babol, Qaem Shahr, Chalus'],
    ['North Khorasan', 'Bojnord, Shirvan, Esfarayen'],
    ['Qazvin', 'Qazvin, Takestan, Alvand, Buin Zahra'],
    ['Qom', 'Qom'],
    ['Razavi Khorasan', 'Mashhad, Nishapur, Sabzevar, Torbat-e Heydarieh'],
    ['Semnan', 'Semnan, Shahrud, Damghan, Garmsar'],
    ['Sistan and Baluchestan', 'Zahedan, Zabol, Chabahar, Iranshahr'],
    ['South Khorasan', 'Birjand, Qaen, Ferdows, Tabas'],
    ['Tehran', 'Tehran, Eslamshahr, Shahriar, Varamin, Pakdasht'],
    ['West Azerbaijan', 'Urmia, Khoy, Mahabad, Miandoab, Bukan'],
    ['Yazd', 'Yazd, Meybod, Ardakan'],
    ['Zanjan', 'Zanjan, Abhar, Khorramdarreh'],
  ],
};
