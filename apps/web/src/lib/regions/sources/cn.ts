import type { CountrySource } from '../types';

/**
 * Mainland China: the 31 provincial-level divisions in GB/T 2260 order, each with all its
 * prefecture-level cities (plus the province-administered county-level cities of Henan, Hubei,
 * Hainan and Xinjiang); the four municipalities list their districts. Labels are the short names
 * (no 省/市/自治区 suffix). Hong Kong, Macao and Taiwan have their own ISO codes.
 */
export const CN: CountrySource = {
  native: 'zh',
  ordered: true,
  divisions: [
    [
      'Beijing|北京',
      'Dongcheng|东城, Xicheng|西城, Chaoyang|朝阳, Fengtai|丰台, Shijingshan|石景山, Haidian|海淀, Mentougou|门头沟, Fangshan|房山, Tongzhou|通州, Shunyi|顺义, Changping|昌平, Daxing|大兴, Huairou|怀柔, Pinggu|平谷, Miyun|密云, Yanqing|延庆',
    ],
    [
      'Tianjin|天津',
      'Heping|和平, Hedong|河东, Hexi|河西, Nankai|南开, Hebei|河北, Hongqiao|红桥, Dongli|东丽, Xiqing|西青, Jinnan|津南, Beichen|北辰, Wuqing|武清, Baodi|宝坻, Binhai|滨海新区, Ninghe|宁河, Jinghai|静海, Jizhou|蓟州',
    ],
    [
      'Hebei|河北',
      'Shijiazhuang|石家庄, Tangshan|唐山, Qinhuangdao|秦皇岛, Handan|邯郸, Xingtai|邢台, Baoding|保定, Zhangjiakou|张家口, Chengde|承德, Cangzhou|沧州, Langfang|廊坊, Hengshui|衡水',
    ],
    [
      'Shanxi|山西',
      'Taiyuan|太原, Datong|大同, Yangquan|阳泉, Changzhi|长治, Jincheng|晋城, Shuozhou|朔州, Jinzhong|晋中, Yuncheng|运城, Xinzhou|忻州, Linfen|临汾, Lüliang|吕梁',
    ],
    [
      'Inner Mongolia|内蒙古',
      'Hohhot|呼和浩特, Baotou|包头, Wuhai|乌海, Chifeng|赤峰, Tongliao|通辽, Ordos|鄂尔多斯, Hulunbuir|呼伦贝尔, Bayannur|巴彦淖尔, Ulanqab|乌兰察布, Hinggan|兴安盟, Xilingol|锡林郭勒盟, Alxa|阿拉善盟',
    ],
    [
      'Liaoning|辽宁',
      'Shenyang|沈阳, Dalian|大连, Anshan|鞍山, Fushun|抚顺, Benxi|本溪, Dandong|丹东, Jinzhou|锦州, Yingkou|营口, Fuxin|阜新, Liaoyang|辽阳, Panjin|盘锦, Tieling|铁岭, Chaoyang|朝阳, Huludao|葫芦岛',
    ],
    [
      'Jilin|吉林',
      'Changchun|长春, Jilin|吉林, Siping|四平, Liaoyuan|辽源, Tonghua|通化, Baishan|白山, Songyuan|松原, Baicheng|白城, Yanbian|延边',
    ],
    [
      'Heilongjiang|黑龙江',
      "Harbin|哈尔滨, Qiqihar|齐齐哈尔, Jixi|鸡西, Hegang|鹤岗, Shuangyashan|双鸭山, Daqing|大庆, Yichun|伊春, Jiamusi|佳木斯, Qitaihe|七台河, Mudanjiang|牡丹江, Heihe|黑河, Suihua|绥化, Daxing'anling|大兴安岭",
    ],
    [
      'Shanghai|上海',
      "Huangpu|黄浦, Xuhui|徐汇, Changning|长宁, Jing'an|静安, Putuo|普陀, Hongkou|虹口, Yangpu|杨浦, Minhang|闵行, Baoshan|宝山, Jiading|嘉定, Pudong|浦东新区, Jinshan|金山, Songjiang|松江, Qingpu|青浦, Fengxian|奉贤, Chongming|崇明",
    ],
    [
      'Jiangsu|江苏',
      "Nanjing|南京, Wuxi|无锡, Xuzhou|徐州, Changzhou|常州, Suzhou|苏州, Nantong|南通, Lianyungang|连云港, Huai'an|淮安, Yancheng|盐城, Yangzhou|扬州, Zhenjiang|镇江, Taizhou|泰州, Suqian|宿迁",
    ],
    [
      'Zhejiang|浙江',
      'Hangzhou|杭州, Ningbo|宁波, Wenzhou|温州, Jiaxing|嘉兴, Huzhou|湖州, Shaoxing|绍兴, Jinhua|金华, Quzhou|衢州, Zhoushan|舟山, Taizhou|台州|台州, Lishui|丽水',
    ],
    [
      'Anhui|安徽',
      "Hefei|合肥, Wuhu|芜湖, Bengbu|蚌埠, Huainan|淮南, Ma'anshan|马鞍山, Huaibei|淮北, Tongling|铜陵, Anqing|安庆, Huangshan|黄山, Chuzhou|滁州, Fuyang|阜阳, Suzhou|宿州, Lu'an|六安, Bozhou|亳州, Chizhou|池州, Xuancheng|宣城",
    ],
    [
      'Fujian|福建',
      'Fuzhou|福州, Xiamen|厦门, Putian|莆田, Sanming|三明, Quanzhou|泉州, Zhangzhou|漳州, Nanping|南平, Longyan|龙岩|龍巖, Ningde|宁德',
    ],
    [
      'Jiangxi|江西',
      "Nanchang|南昌, Jingdezhen|景德镇, Pingxiang|萍乡, Jiujiang|九江, Xinyu|新余, Yingtan|鹰潭, Ganzhou|赣州, Ji'an|吉安, Yichun|宜春, Fuzhou|抚州, Shangrao|上饶",
    ],
    [
      'Shandong|山东',
      "Jinan|济南, Qingdao|青岛, Zibo|淄博, Zaozhuang|枣庄, Dongying|东营, Yantai|烟台, Weifang|潍坊, Jining|济宁, Tai'an|泰安, Weihai|威海, Rizhao|日照, Linyi|临沂, Dezhou|德州, Liaocheng|聊城, Binzhou|滨州, Heze|菏泽",
    ],
    [
      'Henan|河南',
      'Zhengzhou|郑州, Kaifeng|开封, Luoyang|洛阳, Pingdingshan|平顶山, Anyang|安阳, Hebi|鹤壁, Xinxiang|新乡, Jiaozuo|焦作, Puyang|濮阳, Xuchang|许昌, Luohe|漯河, Sanmenxia|三门峡, Nanyang|南阳, Shangqiu|商丘, Xinyang|信阳, Zhoukou|周口, Zhumadian|驻马店, Jiyuan|济源',
    ],
    [
      'Hubei|湖北',
      'Wuhan|武汉, Huangshi|黄石, Shiyan|十堰, Yichang|宜昌, Xiangyang|襄阳, Ezhou|鄂州, Jingmen|荆门, Xiaogan|孝感, Jingzhou|荆州, Huanggang|黄冈, Xianning|咸宁, Suizhou|随州, Enshi|恩施, Xiantao|仙桃, Qianjiang|潜江, Tianmen|天门, Shennongjia|神农架',
    ],
    [
      'Hunan|湖南',
      'Changsha|长沙, Zhuzhou|株洲, Xiangtan|湘潭, Hengyang|衡阳, Shaoyang|邵阳, Yueyang|岳阳, Changde|常德, Zhangjiajie|张家界, Yiyang|益阳, Chenzhou|郴州, Yongzhou|永州, Huaihua|怀化, Loudi|娄底, Xiangxi|湘西',
    ],
    [
      'Guangdong|广东',
      'Guangzhou|广州, Shaoguan|韶关, Shenzhen|深圳, Zhuhai|珠海, Shantou|汕头, Foshan|佛山, Jiangmen|江门, Zhanjiang|湛江, Maoming|茂名, Zhaoqing|肇庆, Huizhou|惠州, Meizhou|梅州, Shanwei|汕尾, Heyuan|河源, Yangjiang|阳江, Qingyuan|清远, Dongguan|东莞, Zhongshan|中山, Chaozhou|潮州, Jieyang|揭阳, Yunfu|云浮',
    ],
    [
      'Guangxi|广西',
      'Nanning|南宁, Liuzhou|柳州, Guilin|桂林, Wuzhou|梧州, Beihai|北海, Fangchenggang|防城港, Qinzhou|钦州, Guigang|贵港, Yulin|玉林, Baise|百色, Hezhou|贺州, Hechi|河池, Laibin|来宾, Chongzuo|崇左',
    ],
    [
      'Hainan|海南',
      "Haikou|海口, Sanya|三亚, Sansha|三沙, Danzhou|儋州, Wuzhishan|五指山, Qionghai|琼海, Wenchang|文昌, Wanning|万宁, Dongfang|东方, Ding'an|定安, Tunchang|屯昌, Chengmai|澄迈, Lingao|临高, Baisha|白沙, Changjiang|昌江, Ledong|乐东, Lingshui|陵水, Baoting|保亭, Qiongzhong|琼中",
    ],
    [
      'Chongqing|重庆',
      "Yuzhong|渝中, Jiangbei|江北, Nan'an|南岸, Shapingba|沙坪坝, Jiulongpo|九龙坡, Dadukou|大渡口, Yubei|渝北, Banan|巴南, Beibei|北碚, Wanzhou|万州, Fuling|涪陵, Qianjiang|黔江, Changshou|长寿, Jiangjin|江津, Hechuan|合川, Yongchuan|永川, Nanchuan|南川, Qijiang|綦江, Dazu|大足, Bishan|璧山, Tongliang|铜梁, Tongnan|潼南, Rongchang|荣昌, Kaizhou|开州, Liangping|梁平, Wulong|武隆, Chengkou|城口, Fengdu|丰都, Dianjiang|垫江, Zhongxian|忠县, Yunyang|云阳, Fengjie|奉节, Wushan|巫山, Wuxi|巫溪, Shizhu|石柱, Xiushan|秀山, Youyang|酉阳, Pengshui|彭水",
    ],
    [
      'Sichuan|四川',
      "Chengdu|成都, Zigong|自贡, Panzhihua|攀枝花, Luzhou|泸州, Deyang|德阳, Mianyang|绵阳, Guangyuan|广元, Suining|遂宁, Neijiang|内江, Leshan|乐山, Nanchong|南充, Meishan|眉山, Yibin|宜宾, Guang'an|广安, Dazhou|达州, Ya'an|雅安, Bazhong|巴中, Ziyang|资阳, Aba|阿坝, Garze|甘孜, Liangshan|凉山",
    ],
    [
      'Guizhou|贵州',
      'Guiyang|贵阳, Liupanshui|六盘水, Zunyi|遵义, Anshun|安顺, Bijie|毕节, Tongren|铜仁, Qianxinan|黔西南, Qiandongnan|黔东南, Qiannan|黔南',
    ],
    [
      'Yunnan|云南',
      "Kunming|昆明, Qujing|曲靖, Yuxi|玉溪, Baoshan|保山, Zhaotong|昭通, Lijiang|丽江, Pu'er|普洱, Lincang|临沧, Chuxiong|楚雄, Honghe|红河, Wenshan|文山, Xishuangbanna|西双版纳, Dali|大理, Dehong|德宏, Nujiang|怒江, Diqing|迪庆",
    ],
    [
      'Tibet|西藏',
      'Lhasa|拉萨, Shigatse|日喀则, Chamdo|昌都, Nyingchi|林芝, Shannan|山南, Nagqu|那曲, Ngari|阿里',
    ],
    [
      'Shaanxi|陕西',
      "Xi'an|西安, Tongchuan|铜川, Baoji|宝鸡, Xianyang|咸阳, Weinan|渭南, Yan'an|延安, Hanzhong|汉中, Yulin|榆林, Ankang|安康, Shangluo|商洛",
    ],
    [
      'Gansu|甘肃',
      'Lanzhou|兰州, Jiayuguan|嘉峪关, Jinchang|金昌, Baiyin|白银, Tianshui|天水, Wuwei|武威, Zhangye|张掖, Pingliang|平凉, Jiuquan|酒泉, Qingyang|庆阳, Dingxi|定西, Longnan|陇南, Linxia|临夏, Gannan|甘南',
    ],
    [
      'Qinghai|青海',
      'Xining|西宁, Haidong|海东, Haibei|海北, Huangnan|黄南, Hainan|海南, Golog|果洛, Yushu|玉树, Haixi|海西',
    ],
    ['Ningxia|宁夏', 'Yinchuan|银川, Shizuishan|石嘴山, Wuzhong|吴忠, Guyuan|固原, Zhongwei|中卫'],
    [
      'Xinjiang|新疆',
      'Urumqi|乌鲁木齐, Karamay|克拉玛依, Turpan|吐鲁番, Hami|哈密, Changji|昌吉, Bortala|博尔塔拉, Bayingolin|巴音郭楞, Aksu|阿克苏, Kizilsu|克孜勒苏, Kashgar|喀什, Hotan|和田, Ili|伊犁, Tacheng|塔城, Altay|阿勒泰, Shihezi|石河子, Aral|阿拉尔, Tumxuk|图木舒克, Wujiaqu|五家渠, Beitun|北屯, Tiemenguan|铁门关, Shuanghe|双河, Kokdala|可克达拉, Kunyu|昆玉, Huyanghe|胡杨河, Xinxing|新星',
    ],
  ],
};
