import type { CountrySource } from '../types';

/** Taiwan: the 6 special municipalities, 3 provincial cities and 13 counties, with main districts and townships. */
export const TW: CountrySource = {
  native: 'zh',
  ordered: true,
  divisions: [
    [
      'Taipei|台北',
      "Zhongzheng|中正, Datong|大同, Zhongshan|中山, Songshan|松山, Da'an|大安, Wanhua|万华, Xinyi|信义, Shilin|士林, Beitou|北投, Neihu|内湖, Nangang|南港, Wenshan|文山",
    ],
    [
      'New Taipei|新北',
      'Banqiao|板桥, Sanchong|三重, Zhonghe|中和, Yonghe|永和, Xinzhuang|新庄, Xindian|新店, Tucheng|土城, Luzhou|芦洲, Shulin|树林, Xizhi|汐止, Tamsui|淡水, Sanxia|三峡, Yingge|莺歌, Linkou|林口',
    ],
    [
      'Taoyuan|桃园',
      'Taoyuan|桃园, Zhongli|中坜, Pingzhen|平镇, Bade|八德, Yangmei|杨梅, Luzhu|芦竹, Guishan|龟山, Dayuan|大园, Daxi|大溪, Longtan|龙潭',
    ],
    [
      'Taichung|台中',
      'Xitun|西屯, Beitun|北屯, Nantun|南屯, North|北区, West|西区, Central|中区, Fengyuan|丰原, Dali|大里, Taiping|太平, Shalu|沙鹿, Qingshui|清水, Dajia|大甲, Wufeng|雾峰',
    ],
    [
      'Tainan|台南',
      'West Central|中西区, East|东区, North|北区, South|南区, Anping|安平, Annan|安南, Yongkang|永康, Rende|仁德, Guiren|归仁, Xinying|新营, Madou|麻豆, Shanhua|善化, Xinhua|新化, Jiali|佳里',
    ],
    [
      'Kaohsiung|高雄',
      'Xinxing|新兴, Qianjin|前金, Lingya|苓雅, Yancheng|盐埕, Gushan|鼓山, Qijin|旗津, Qianzhen|前镇, Sanmin|三民, Zuoying|左营, Nanzi|楠梓, Xiaogang|小港, Fengshan|凤山, Gangshan|冈山, Daliao|大寮, Niaosong|鸟松, Renwu|仁武, Qishan|旗山, Meinong|美浓',
    ],
    [
      'Keelung|基隆',
      "Ren'ai|仁爱, Xinyi|信义, Zhongzheng|中正, Zhongshan|中山, Anle|安乐, Nuannuan|暖暖, Qidu|七堵",
    ],
    ['Hsinchu City|新竹市', 'East|东区, North|北区, Xiangshan|香山'],
    ['Chiayi City|嘉义市', 'East|东区, West|西区'],
    ['Hsinchu County|新竹县', 'Zhubei|竹北, Zhudong|竹东, Hukou|湖口, Xinfeng|新丰, Guanxi|关西, Xinpu|新埔'],
    ['Miaoli|苗栗', 'Miaoli|苗栗, Toufen|头份, Zhunan|竹南, Houlong|后龙, Tongxiao|通霄, Yuanli|苑里'],
    [
      'Changhua|彰化',
      'Changhua|彰化, Yuanlin|员林, Lukang|鹿港, Hemei|和美, Beidou|北斗, Xihu|溪湖, Tianzhong|田中',
    ],
    ['Nantou|南投', 'Nantou|南投, Puli|埔里, Caotun|草屯, Zhushan|竹山, Jiji|集集, Yuchi|鱼池'],
    ['Yunlin|云林', 'Douliu|斗六, Huwei|虎尾, Dounan|斗南, Xiluo|西螺, Beigang|北港, Mailiao|麦寮'],
    [
      'Chiayi County|嘉义县',
      'Taibao|太保, Puzi|朴子, Minxiong|民雄, Dalin|大林, Shuishang|水上, Zhongpu|中埔',
    ],
    [
      'Pingtung|屏东',
      'Pingtung|屏东, Chaozhou|潮州, Donggang|东港, Hengchun|恒春, Fangliao|枋寮, Neipu|内埔',
    ],
    ['Yilan|宜兰', "Yilan|宜兰, Luodong|罗东, Su'ao|苏澳, Toucheng|头城, Jiaoxi|礁溪"],
    ['Hualien|花莲', "Hualien|花莲, Ji'an|吉安, Yuli|玉里, Fenglin|凤林, Xincheng|新城, Shoufeng|寿丰"],
    ['Taitung|台东', 'Taitung|台东, Chenggong|成功, Guanshan|关山, Chishang|池上, Ludao|绿岛, Lanyu|兰屿'],
    ['Penghu|澎湖', "Magong|马公, Huxi|湖西, Baisha|白沙, Xiyu|西屿, Wang'an|望安, Qimei|七美"],
    ['Kinmen|金门', 'Jincheng|金城, Jinhu|金湖, Jinsha|金沙, Jinning|金宁, Lieyu|烈屿'],
    ['Lienchiang|连江', 'Nangan|南竿, Beigan|北竿, Juguang|莒光, Dongyin|东引'],
  ],
};

/** Hong Kong: its three areas and 18 districts. */
export const HK: CountrySource = {
  native: 'zh',
  ordered: true,
  divisions: [
    ['Hong Kong Island|香港岛', 'Central and Western|中西区, Wan Chai|湾仔, Eastern|东区, Southern|南区'],
    [
      'Kowloon|九龙',
      'Yau Tsim Mong|油尖旺, Sham Shui Po|深水埗, Kowloon City|九龙城, Wong Tai Sin|黄大仙, Kwun Tong|观塘',
    ],
    [
      'New Territories|新界',
      'Kwai Tsing|葵青, Tsuen Wan|荃湾, Tuen Mun|屯门, Yuen Long|元朗, North|北区, Tai Po|大埔, Sha Tin|沙田, Sai Kung|西贡, Islands|离岛',
    ],
  ],
};

/** Macao: the peninsula and the islands, with their seven parishes. */
export const MO: CountrySource = {
  native: 'zh',
  ordered: true,
  divisions: [
    [
      'Macau Peninsula|澳门半岛',
      'Nossa Senhora de Fátima|花地玛堂区, Santo António|圣安多尼堂区, São Lázaro|望德堂区, Sé|大堂区, São Lourenço|风顺堂区',
    ],
    ['Taipa|氹仔', 'Nossa Senhora do Carmo|嘉模堂区'],
    ['Coloane|路环', 'São Francisco Xavier|圣方济各堂区'],
  ],
};

/** Japan: the 47 prefectures in JIS order, each with its capital and largest cities (Tokyo: the 23 wards first). */
export const JP: CountrySource = {
  native: 'ja',
  ordered: true,
  divisions: [
    [
      'Hokkaido|北海道',
      'Sapporo|札幌市, Asahikawa|旭川市, Hakodate|函館市, Kushiro|釧路市, Tomakomai|苫小牧市, Obihiro|帯広市, Otaru|小樽市, Kitami|北見市, Ebetsu|江別市',
    ],
    ['Aomori|青森県', 'Aomori|青森市, Hachinohe|八戸市, Hirosaki|弘前市, Towada|十和田市, Mutsu|むつ市'],
    ['Iwate|岩手県', 'Morioka|盛岡市, Ichinoseki|一関市, Oshu|奥州市, Hanamaki|花巻市, Kitakami|北上市'],
    ['Miyagi|宮城県', 'Sendai|仙台市, Ishinomaki|石巻市, Osaki|大崎市, Natori|名取市, Tome|登米市'],
    ['Akita|秋田県', 'Akita|秋田市, Yokote|横手市, Daisen|大仙市, Yurihonjo|由利本荘市, Noshiro|能代市'],
    ['Yamagata|山形県', 'Yamagata|山形市, Tsuruoka|鶴岡市, Sakata|酒田市, Yonezawa|米沢市, Tendo|天童市'],
    [
      'Fukushima|福島県',
      'Fukushima|福島市, Koriyama|郡山市, Iwaki|いわき市, Aizuwakamatsu|会津若松市, Sukagawa|須賀川市',
    ],
    [
      'Ibaraki|茨城県',
      'Mito|水戸市, Tsukuba|つくば市, Hitachi|日立市, Hitachinaka|ひたちなか市, Tsuchiura|土浦市, Koga|古河市',
    ],
    [
      'Tochigi|栃木県',
      'Utsunomiya|宇都宮市, Oyama|小山市, Tochigi|栃木市, Ashikaga|足利市, Nasushiobara|那須塩原市',
    ],
    ['Gunma|群馬県', 'Maebashi|前橋市, Takasaki|高崎市, Ota|太田市, Isesaki|伊勢崎市, Kiryu|桐生市'],
    [
      'Saitama|埼玉県',
      'Saitama|さいたま市, Kawaguchi|川口市, Kawagoe|川越市, Tokorozawa|所沢市, Koshigaya|越谷市, Soka|草加市, Kasukabe|春日部市, Ageo|上尾市',
    ],
    [
      'Chiba|千葉県',
      'Chiba|千葉市, Funabashi|船橋市, Matsudo|松戸市, Ichikawa|市川市, Kashiwa|柏市, Ichihara|市原市, Yachiyo|八千代市, Narita|成田市, Urayasu|浦安市',
    ],
    [
      'Tokyo|東京都',
      'Chiyoda|千代田区, Chuo|中央区, Minato|港区, Shinjuku|新宿区, Bunkyo|文京区, Taito|台東区, Sumida|墨田区, Koto|江東区, Shinagawa|品川区, Meguro|目黒区, Ota|大田区, Setagaya|世田谷区, Shibuya|渋谷区, Nakano|中野区, Suginami|杉並区, Toshima|豊島区, Kita|北区, Arakawa|荒川区, Itabashi|板橋区, Nerima|練馬区, Adachi|足立区, Katsushika|葛飾区, Edogawa|江戸川区, Hachioji|八王子市, Machida|町田市, Fuchu|府中市, Chofu|調布市, Tachikawa|立川市, Musashino|武蔵野市, Mitaka|三鷹市',
    ],
    [
      'Kanagawa|神奈川県',
      'Yokohama|横浜市, Kawasaki|川崎市, Sagamihara|相模原市, Fujisawa|藤沢市, Yokosuka|横須賀市, Hiratsuka|平塚市, Chigasaki|茅ヶ崎市, Atsugi|厚木市, Yamato|大和市, Odawara|小田原市, Kamakura|鎌倉市',
    ],
    ['Niigata|新潟県', 'Niigata|新潟市, Nagaoka|長岡市, Joetsu|上越市, Sanjo|三条市, Kashiwazaki|柏崎市'],
    ['Toyama|富山県', 'Toyama|富山市, Takaoka|高岡市, Imizu|射水市, Tonami|砺波市, Uozu|魚津市'],
    ['Ishikawa|石川県', 'Kanazawa|金沢市, Hakusan|白山市, Komatsu|小松市, Kaga|加賀市, Nanao|七尾市'],
    ['Fukui|福井県', 'Fukui|福井市, Sakai|坂井市, Echizen|越前市, Tsuruga|敦賀市, Obama|小浜市'],
    [
      'Yamanashi|山梨県',
      'Kofu|甲府市, Kai|甲斐市, Minami-Alps|南アルプス市, Fuefuki|笛吹市, Fujiyoshida|富士吉田市',
    ],
    [
      'Nagano|長野県',
      'Nagano|長野市, Matsumoto|松本市, Ueda|上田市, Iida|飯田市, Saku|佐久市, Azumino|安曇野市',
    ],
    [
      'Gifu|岐阜県',
      'Gifu|岐阜市, Ogaki|大垣市, Kakamigahara|各務原市, Tajimi|多治見市, Takayama|高山市, Seki|関市',
    ],
    [
      'Shizuoka|静岡県',
      'Shizuoka|静岡市, Hamamatsu|浜松市, Fuji|富士市, Numazu|沼津市, Iwata|磐田市, Fujieda|藤枝市',
    ],
    [
      'Aichi|愛知県',
      'Nagoya|名古屋市, Toyota|豊田市, Okazaki|岡崎市, Ichinomiya|一宮市, Toyohashi|豊橋市, Kasugai|春日井市, Anjo|安城市, Toyokawa|豊川市',
    ],
    [
      'Mie|三重県',
      'Tsu|津市, Yokkaichi|四日市市, Suzuka|鈴鹿市, Matsusaka|松阪市, Kuwana|桑名市, Ise|伊勢市',
    ],
    ['Shiga|滋賀県', 'Otsu|大津市, Kusatsu|草津市, Nagahama|長浜市, Higashiomi|東近江市, Hikone|彦根市'],
    ['Kyoto|京都府', 'Kyoto|京都市, Uji|宇治市, Kameoka|亀岡市, Maizuru|舞鶴市, Fukuchiyama|福知山市'],
    [
      'Osaka|大阪府',
      'Osaka|大阪市, Sakai|堺市, Higashiosaka|東大阪市, Hirakata|枚方市, Toyonaka|豊中市, Suita|吹田市, Takatsuki|高槻市, Ibaraki|茨木市, Yao|八尾市',
    ],
    [
      'Hyogo|兵庫県',
      'Kobe|神戸市, Himeji|姫路市, Nishinomiya|西宮市, Amagasaki|尼崎市, Akashi|明石市, Kakogawa|加古川市, Takarazuka|宝塚市, Itami|伊丹市',
    ],
    ['Nara|奈良県', 'Nara|奈良市, Kashihara|橿原市, Ikoma|生駒市, Yamatokoriyama|大和郡山市, Kashiba|香芝市'],
    [
      'Wakayama|和歌山県',
      'Wakayama|和歌山市, Tanabe|田辺市, Hashimoto|橋本市, Kinokawa|紀の川市, Iwade|岩出市',
    ],
    ['Tottori|鳥取県', 'Tottori|鳥取市, Yonago|米子市, Kurayoshi|倉吉市, Sakaiminato|境港市'],
    ['Shimane|島根県', 'Matsue|松江市, Izumo|出雲市, Hamada|浜田市, Masuda|益田市, Yasugi|安来市'],
    ['Okayama|岡山県', 'Okayama|岡山市, Kurashiki|倉敷市, Tsuyama|津山市, Soja|総社市, Tamano|玉野市'],
    [
      'Hiroshima|広島県',
      'Hiroshima|広島市, Fukuyama|福山市, Kure|呉市, Higashihiroshima|東広島市, Onomichi|尾道市, Hatsukaichi|廿日市市',
    ],
    [
      'Yamaguchi|山口県',
      'Yamaguchi|山口市, Shimonoseki|下関市, Ube|宇部市, Shunan|周南市, Iwakuni|岩国市, Hofu|防府市',
    ],
    ['Tokushima|徳島県', 'Tokushima|徳島市, Anan|阿南市, Naruto|鳴門市, Yoshinogawa|吉野川市, Awa|阿波市'],
    ['Kagawa|香川県', 'Takamatsu|高松市, Marugame|丸亀市, Mitoyo|三豊市, Kanonji|観音寺市, Sakaide|坂出市'],
    [
      'Ehime|愛媛県',
      'Matsuyama|松山市, Imabari|今治市, Niihama|新居浜市, Saijo|西条市, Shikokuchuo|四国中央市, Uwajima|宇和島市',
    ],
    ['Kochi|高知県', 'Kochi|高知市, Nankoku|南国市, Shimanto|四万十市, Konan|香南市, Kami|香美市'],
    [
      'Fukuoka|福岡県',
      'Fukuoka|福岡市, Kitakyushu|北九州市, Kurume|久留米市, Iizuka|飯塚市, Omuta|大牟田市, Kasuga|春日市, Chikushino|筑紫野市',
    ],
    ['Saga|佐賀県', 'Saga|佐賀市, Karatsu|唐津市, Tosu|鳥栖市, Imari|伊万里市, Takeo|武雄市'],
    ['Nagasaki|長崎県', 'Nagasaki|長崎市, Sasebo|佐世保市, Isahaya|諫早市, Omura|大村市, Shimabara|島原市'],
    ['Kumamoto|熊本県', 'Kumamoto|熊本市, Yatsushiro|八代市, Amakusa|天草市, Tamana|玉名市, Koshi|合志市'],
    ['Oita|大分県', 'Oita|大分市, Beppu|別府市, Nakatsu|中津市, Saiki|佐伯市, Usa|宇佐市'],
    ['Miyazaki|宮崎県', 'Miyazaki|宮崎市, Miyakonojo|都城市, Nobeoka|延岡市, Hyuga|日向市, Nichinan|日南市'],
    [
      'Kagoshima|鹿児島県',
      'Kagoshima|鹿児島市, Kirishima|霧島市, Kanoya|鹿屋市, Satsumasendai|薩摩川内市, Aira|姶良市',
    ],
    [
      'Okinawa|沖縄県',
      'Naha|那覇市, Okinawa|沖縄市, Uruma|うるま市, Urasoe|浦添市, Ginowan|宜野湾市, Nago|名護市, Ishigaki|石垣市, Miyakojima|宮古島市',
    ],
  ],
};

/** South Korea: the 17 first-level divisions in official order; metropolitan cities list their districts. */
export const KR: CountrySource = {
  native: 'ko',
  ordered: true,
  divisions: [
    [
      'Seoul|서울특별시',
      'Jongno|종로구, Jung|중구, Yongsan|용산구, Seongdong|성동구, Gwangjin|광진구, Dongdaemun|동대문구, Jungnang|중랑구, Seongbuk|성북구, Gangbuk|강북구, Dobong|도봉구, Nowon|노원구, Eunpyeong|은평구, Seodaemun|서대문구, Mapo|마포구, Yangcheon|양천구, Gangseo|강서구, Guro|구로구, Geumcheon|금천구, Yeongdeungpo|영등포구, Dongjak|동작구, Gwanak|관악구, Seocho|서초구, Gangnam|강남구, Songpa|송파구, Gangdong|강동구',
    ],
    [
      'Busan|부산광역시',
      'Jung|중구, Seo|서구, Dong|동구, Yeongdo|영도구, Busanjin|부산진구, Dongnae|동래구, Nam|남구, Buk|북구, Haeundae|해운대구, Saha|사하구, Geumjeong|금정구, Gangseo|강서구, Yeonje|연제구, Suyeong|수영구, Sasang|사상구, Gijang|기장군',
    ],
    [
      'Daegu|대구광역시',
      'Jung|중구, Dong|동구, Seo|서구, Nam|남구, Buk|북구, Suseong|수성구, Dalseo|달서구, Dalseong|달성군, Gunwi|군위군',
    ],
    [
      'Incheon|인천광역시',
      'Jung|중구, Dong|동구, Michuhol|미추홀구, Yeonsu|연수구, Namdong|남동구, Bupyeong|부평구, Gyeyang|계양구, Seo|서구, Ganghwa|강화군, Ongjin|옹진군',
    ],
    ['Gwangju|광주광역시', 'Dong|동구, Seo|서구, Nam|남구, Buk|북구, Gwangsan|광산구'],
    ['Daejeon|대전광역시', 'Dong|동구, Jung|중구, Seo|서구, Yuseong|유성구, Daedeok|대덕구'],
    ['Ulsan|울산광역시', 'Jung|중구, Nam|남구, Dong|동구, Buk|북구, Ulju|울주군'],
    ['Sejong|세종특별자치시', 'Sejong|세종시'],
    [
      'Gyeonggi|경기도',
      'Suwon|수원시, Seongnam|성남시, Goyang|고양시, Yongin|용인시, Bucheon|부천시, Ansan|안산시, Anyang|안양시, Namyangju|남양주시, Hwaseong|화성시, Pyeongtaek|평택시, Uijeongbu|의정부시, Siheung|시흥시, Paju|파주시, Gimpo|김포시, Gwangmyeong|광명시, Gwangju|광주시, Gunpo|군포시, Hanam|하남시, Osan|오산시, Icheon|이천시, Anseong|안성시, Guri|구리시, Uiwang|의왕시, Yangju|양주시, Pocheon|포천시, Yeoju|여주시, Dongducheon|동두천시, Gwacheon|과천시',
    ],
    [
      'Gangwon|강원특별자치도',
      'Chuncheon|춘천시, Wonju|원주시, Gangneung|강릉시, Donghae|동해시, Taebaek|태백시, Sokcho|속초시, Samcheok|삼척시',
    ],
    ['North Chungcheong|충청북도', 'Cheongju|청주시, Chungju|충주시, Jecheon|제천시'],
    [
      'South Chungcheong|충청남도',
      'Hongseong|홍성군, Cheonan|천안시, Asan|아산시, Seosan|서산시, Dangjin|당진시, Gongju|공주시, Nonsan|논산시, Boryeong|보령시, Gyeryong|계룡시',
    ],
    [
      'North Jeolla|전북특별자치도',
      'Jeonju|전주시, Iksan|익산시, Gunsan|군산시, Jeongeup|정읍시, Gimje|김제시, Namwon|남원시',
    ],
    [
      'South Jeolla|전라남도',
      'Muan|무안군, Suncheon|순천시, Yeosu|여수시, Mokpo|목포시, Gwangyang|광양시, Naju|나주시',
    ],
    [
      'North Gyeongsang|경상북도',
      'Andong|안동시, Pohang|포항시, Gumi|구미시, Gyeongsan|경산시, Gyeongju|경주시, Gimcheon|김천시, Yeongju|영주시, Yeongcheon|영천시, Sangju|상주시, Mungyeong|문경시',
    ],
    [
      'South Gyeongsang|경상남도',
      'Changwon|창원시, Gimhae|김해시, Yangsan|양산시, Jinju|진주시, Geoje|거제시, Tongyeong|통영시, Sacheon|사천시, Miryang|밀양시',
    ],
    ['Jeju|제주특별자치도', 'Jeju|제주시, Seogwipo|서귀포시'],
  ],
};
