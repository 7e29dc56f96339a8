/**
 * Simplified → Traditional Chinese for the place names of the data set: a character table that
 * covers exactly the characters those names use (every other character is the same in both).
 * Taiwan's standard forms are used (臺, 內, 彥, 恆). Names where a character-by-character
 * conversion is wrong (台州 keeps 台, 龍巖) give their Traditional form in the data.
 */
const PAIRS =
  '区區东東阳陽丰豐台臺门門头頭沟溝顺順义義兴興怀懷云雲庆慶开開红紅桥橋丽麗宝寶滨濱宁寧静靜蓟薊庄莊' +
  '岛島郸鄲张張沧滄长長晋晉运運临臨吕呂内內乌烏辽遼尔爾伦倫贝貝彦彥兰蘭锡錫沈瀋连連抚撫锦錦营營盘盤' +
  '铁鐵岭嶺芦蘆边邊龙龍齐齊鸡雞鹤鶴岗崗双雙鸭鴨绥綏黄黃汇匯杨楊闵閔贤賢苏蘇无無盐鹽扬揚镇鎮迁遷温溫' +
  '绍紹华華芜蕪马馬铜銅厦廈乡鄉余餘鹰鷹赣贛饶饒济濟枣棗烟煙潍濰泽澤郑鄭顶頂许許峡峽驻駐汉漢荆荊冈岡' +
  '随隨潜潛农農娄婁广廣关關远遠钦欽贵貴贺賀来來宾賓亚亞琼瓊万萬迈邁乐樂坝壩寿壽荣榮垫墊县縣节節贡貢' +
  '泸瀘绵綿达達资資凉涼毕畢纳納萨薩则則陕陝肃肅银銀陇隴树樹吴吳卫衛鲁魯玛瑪图圖莺鶯园園坜壢龟龜雾霧' +
  '归歸凤鳳鸟鳥浓濃爱愛后後员員鱼魚麦麥恒恆罗羅莲蓮绿綠屿嶼湾灣观觀离離圣聖风風环環';

const TABLE: ReadonlyMap<string, string> = new Map(
  Array.from({ length: PAIRS.length / 2 }, (_, i) => [PAIRS[i * 2] ?? '', PAIRS[i * 2 + 1] ?? '']),
);

export function toTraditional(text: string): string {
  let out = '';
  for (const ch of text) out += TABLE.get(ch) ?? ch;
  return out;
}
