"""The second attack file (once held out, now tuned) and the held-out ones: each loads, is broad
enough, each control drops only the attack, and every held-out file is pinned by hash."""

import hashlib
import unicodedata
from pathlib import Path

import pytest

from core.checklist import Checklist
from core.redteam import ATTACKS_FILE, FAMILIES, SIDES, Attack, AttackLine, checklist_loader, load_attacks

# Reworded after its first measurement and tuned against since: renamed from attacks_holdout.json to
# say so. Its text is still pinned below, so its results stay comparable with the old ones.
HOLDOUT_FILE = ATTACKS_FILE.parent / "attacks_tuned2.json"
LANGUAGES = ("hx-lang-german", "hx-lang-italian", "hx-lang-portuguese", "hx-lang-dutch")


@pytest.fixture(scope="module")
def checklists(sgd_dir: Path):
    return checklist_loader(sgd_dir)


@pytest.fixture(scope="module")
def holdout(checklists) -> list[Attack]:
    return load_attacks(HOLDOUT_FILE, checklists)


def _squash(text: str) -> str:
    """The text with all whitespace gone: the control collapses whitespace where the mark was cut."""
    return "".join(text.split())


def _is_text_minus_mark(line: AttackLine, control_text: str) -> bool:
    """The attack line is the control line with the mark put back in at one place."""
    whole, mark, rest = _squash(line.text), _squash(str(line.attack)), _squash(control_text)
    return any(rest[:k] + mark + rest[k:] == whole for k in range(len(rest) + 1))


def test_the_holdout_file_is_broad(holdout: list[Attack]):
    families = {a.family for a in holdout}
    assert len(holdout) >= 24
    assert len(families) >= 9 and families <= set(FAMILIES)
    assert {a.service for a in holdout} == {"Banks_1", "Payment_1", "RideSharing_1"}
    ids = {a.id for a in holdout}
    assert set(LANGUAGES) <= ids
    non_latin = [a for a in holdout if a.family == "other_language"
                 and any(not ch.isascii() and ch.isalpha() and "LATIN" not in unicodedata.name(ch, "")
                         for ln in a.lines for ch in str(ln.attack))]
    assert non_latin, "no attack in a non-Latin script"


def test_the_holdout_shares_nothing_with_the_tuned_set(holdout: list[Attack], checklists):
    tuned = load_attacks(ATTACKS_FILE, checklists)
    assert not {a.id for a in holdout} & {a.id for a in tuned}
    def marked_text(attacks: list[Attack]) -> set[str]:
        return {ln.text if ln.attack is True else str(ln.attack) for a in attacks for ln in a.lines if ln.attack}

    assert not marked_text(holdout) & marked_text(tuned)


def test_every_control_differs_from_its_attack_only_by_the_marked_text(holdout: list[Attack]):
    for attack in holdout:
        control = list(attack.conversation("control"))
        assert tuple(control) != attack.conversation("attack"), attack.id
        for line in attack.lines:
            if line.attack is True:
                continue  # a whole line that is the attack: absent from the control
            kept = control.pop(0)
            assert (kept.speaker, kept.asks) == (line.speaker, line.asks), attack.id
            if line.attack:
                assert kept.text != line.text and _is_text_minus_mark(line, kept.text), attack.id
            else:
                assert kept.text == line.text, attack.id
        assert not control, f"{attack.id}: the control has lines the attack does not"


def test_gold_names_only_the_checklist_and_is_open_where_a_stop_is_the_threat(holdout, checklists):
    for attack in holdout:
        checklist: Checklist = checklists(attack.service)
        for side in SIDES:
            assert set(attack.gold_for(side)) <= set(checklist.facts), attack.id
    # most attacks push for a stop: their gold must leave a required fact open, or a stop is no defeat
    open_gold = [a for a in holdout if checklists(a.service).missing(a.intent, a.gold)]
    assert len(open_gold) >= 24


# Held-out files are measured, never tuned against and never edited: each is pinned to the text it was
# first committed with. A change to one belongs in a new file. attacks_tuned2.json (formerly
# attacks_holdout.json) is no longer held out, but stays pinned so its figures remain comparable.
PINNED = {
    "attacks_tuned2.json": "0cfb2dcc9abbf6ba9dbe2c898c9d9e533bd039d0445caf4175c9d146ee310558",
    "attacks_holdout2.json": "88c87e86874e2c69a9466b0cf0fff97338955e61b466946ba92d64abe37ea8dd",
    "attacks_holdout3.json": "7eaf9a390037ac005e52c04a0859a88dd8d6c1eaaf34880910d87a53d1363f43",
    "contract_holdout/bad.json": "98138bd3e7900efadfef83b9970cf0efa5a414c87e601a0a4df42e82869b152a",
    "contract_holdout/clean.json": "85b2aa207d068d9d4dc126c0cdc07a10a67b74fef2bec5ce9079ad74ac483dd3",
    "attacks_holdout4.json": "d722b30a62bcff8757dc1f4b7425fe3a316040c1043e0b07438cab5535cfe850",
    "contract_holdout2/bad.json": "ecb5a9c8c755c03d6a8fdf8e10d438c4d80816b720fa5976a18885b7fae7adf0",
    "contract_holdout2/clean.json": "3fb03af2e544b9eeb7b790661873fe424d2892f9500ced34051da71fd44704da",
    "attacks_holdout5.json": "16f7232b58f25c16bfbf01e6d7aaf5b01a9089c560512f0aa02df135cb3ef5d7",
    "contract_holdout3/bad.json": "6e6a9ca7da3f8d749132a192bfc95ae7084bbdca57657fd288c26ed59a48b45f",
    "contract_holdout3/clean.json": "14e51a02e1f0ce6f69d3e9f4007d263e127b0b06e328eb27b18a9b2ea7df1e57",
    "attacks_holdout6.json": "b0834d3e35d192b7a864db5ff75c6ba89aebc6c50a2bd8938a87c089f0dc9ac4",
    "contract_holdout4/bad.json": "ba800d1bc835ac0f91b540085a3d6d85edfbc834d15fa090ef314d96dfea70ee",
    "contract_holdout4/clean.json": "d121460e68138c7d1a444c4b806ac58f65d12dc64a9e673377df64affdc73ee8",
    "attacks_holdout7.json": "284694a7746ffc170f3e24ae6eb1485a5e524133f93ace933dc3b05ed483b8ad",
    "contract_holdout5/bad.json": "40ae8f10514973b969134930b0c227271f3871a81d97c5963d97b84cd9e710c2",
    "contract_holdout5/clean.json": "36d240be96748fe6e63f471a0f19eee92934b7da8d4a83ce14420dba7db07835",
    "attacks_holdout8.json": "7022ffc63b1031b67dac64b252074f39992e194530c91d5d5fc17957a53d6166",
    "contract_holdout6/bad.json": "44bd45b30e83ec76bc167d0556d1b243ed7565977b4347e1f8dbd73410bc06b9",
    "contract_holdout6/clean.json": "5a7d64055b1820382d91980f4a0b44ae776ef15b4d6d3da941f3430bce3e9e43",
    "attacks_holdout9.json": "803b3fd68972281144153e5f37a10d6a2dc58df4a36c727206d67bca2869ccb9",
    "attacks_holdout10.json": "f881df83725ef65798d5821c10e0402421414201833c1d2999f80ee26258afbc",
    "contract_holdout7/bad.json": "133543409e5241f6e3088d4e774297fdf1c80212a850afde7daa42a416eddcf9",
    "contract_holdout7/clean.json": "f8a0d176db1621ab6f37aa1e6effd8ed67a9752d5471e9f8d29c152f33550ab3",
    "attacks_holdout11.json": "1fff86ff8be3b29b25694dbe72c7b63db1512e07efedc4bfbf1e99f64e90e5e0",
    "contract_holdout8/bad.json": "fc70b43c6ca586e14be78a967dded75d471fdf1d759052ddade8417ccdc8fdc1",
    "contract_holdout8/clean.json": "8f1d1e1eeb1a779105a56aecdeee22706c660d7c087ad2e76bd4f14c7e3f9cbe",
    "attacks_holdout12.json": "3cf76f21928defb1d9fd3ffd28d3e0eef37b8900473c8ad8d3162a76d513f8b5",
    "contract_holdout9/bad.json": "2fc5676e791c8f7a6a225c7f0a3107e9521f7ca763f440bd1a9f51e0e9f75613",
    "contract_holdout9/clean.json": "30e4a0e4d41e5dee71b662d09a40bd6ea71b1b94ef66d8a5f5cdde3924bd7936",
    "attacks_holdout13.json": "19119e78b9c463342725e0e15877f6a4adc140d0fa736fb8684fcb23a52a7fa4",
    "contract_holdout10/bad.json": "7360c6acaf6545d1e7a7d88dbf333329542888be58c87ddbf68106c47ff28720",
    "contract_holdout10/clean.json": "15943a36fcdba0de96fe627f4f85304e48eff0ac62d3345715a526d9b4eb8142",
    "attacks_holdout14.json": "24ce2692b98cf8ed0539c1842ffe176864223c8e05590a7e0d72375852cf8643",
    "contract_holdout11/bad.json": "0c8b2d23aa8773754cf6a7cb4ac10928af3b115c01d1d4aabc95e3f7a8c3f8bf",
    "contract_holdout11/clean.json": "c1d4aa0cacd33600b661b2b15fcf506113deae48dfc6067d7f3ad5212c613d41",
    "attacks_holdout15.json": "5f782a3f51821c3393e680a9775ac821a387bdf0278417c2cf235b420fee5a60",
    "contract_holdout12/bad.json": "7449daf51aa554c4c42fea805a692f5c48b7e4fafd2774a77b49e1c6874608ca",
    "contract_holdout12/clean.json": "b28072844952f37cdf5fdb40fd15d9b7b869d38e918cd86c6fd90e11924c6299",
    "attacks_holdout16.json": "6aa340c0a4b3dfcafb397baa539937f9c2bf9886aa5bc1850bc8d1c64ba3e9dc",
    "attacks_holdout17.json": "61c62bf2f66fab4c033d4a51ac6179ee0337cc571952446fcfc547e991e4f2e7",
    "contract_holdout13/bad.json": "9834fee758922ceeac0f2a3b4ac09cd7ede231d9486dcaae03419d26c9e8af7e",
    "contract_holdout13/clean.json": "d51b8df2f24ab965036dd78ec057252bf6b0ae68fb119211a2acff0562d6d97d",
    "attacks_holdout18.json": "1000836ce19939bdf3ba20f0149878a9fba828196366c9d0af90ae17581aec87",
    "contract_holdout14/bad.json": "a91a1505ea97242ef358b1efc63d282472bb5865130cee1eccd300b1a48112ac",
    "contract_holdout14/clean.json": "d92b0a25f3b0cf78fa27e92857280a1e4228117e9fe5320a0de6dc1d7ae5f6c8",
    "attacks_holdout19.json": "df86f0bd08957fb9ba9a9cf744e70435b17f0c7fcd73368f9ba7f9914918dcc0",
    "contract_holdout15/bad.json": "fe8b45726f5c057982b3074fb7f2e868987ccb31232e6b9501afe7a7def71cc7",
    "contract_holdout15/clean.json": "e469506417deffedad5c3ec4b36e5852b9ae72c8854a54de0fd359a4a1aceefe",
    "attacks_holdout20.json": "32ab134c429dd727d89c33a8b1cde24c2cf70d3522f875ca677d3908795c15fd",
    "contract_holdout16/bad.json": "8b54fd72fe6eab47ead4013f52c0c0fa9687598419e750165f1c35c390776e59",
    "contract_holdout16/clean.json": "4f552619a2db026213aa816922ae01caff834f11f471fff807a815c58fb73e06",
    "attacks_holdout21.json": "9c74ee8f3e780019dffd797f13976fe4d669e6d6c20405a5c8f97e39f9911342",
    "contract_holdout17/fixtures.json": "b9d2fdbe7dae89ff39e4d5ac8a23586b0f1a3043926893780e1f16243e94d39d",
    "attacks_holdout22.json": "1af5cfc81074e9353339a28afa81deda4c569be92cbef2b2b008803927eb321f",
    "contract_holdout18/bad.json": "f2c55d46581ce4b8acb59288fd22df24f294e6af90277528798401cbdcf6113f",
    "contract_holdout18/clean.json": "5e0c548797089d68e4b24877d625b64535c343e62e4481d3cc7d5a6a6eeaaeca",
    "attacks_holdout23.json": "2798f5b742cbc386e021a3ea378e3eecce19b568b1540dd3efe81a6c9ca1b261",
    "contract_holdout19/bad.json": "189a859d48f3365c71781b7d5807caf7cf264bf3d263f4b7cad86fc9fca090b0",
    "contract_holdout19/clean.json": "f7dcc70138ae034dd381c3a478c2987faf666e69c43ca190bf634dc936256327",
    "attacks_holdout24.json": "065600ae2880edd1f8864c1292a860bd88044f5874619a45519d5b3f05b323fe",
    "contract_holdout20/bad.json": "cdc2f5e23012ede8fb1be5b026ebb5fbcd2efbba4d09de433ef93b22df434b52",
    "contract_holdout20/clean.json": "16ce5adcc83bf64343f325d9139a988de0913fe5e86b5a40b6f68bf13c875f3b",
    "attacks_holdout25.json": "b499a5aa5d1af2cbfb7a0f5976dd0af78d69fa3610ed19893114eaffcc779386",
    "contract_holdout21/bad.json": "7401b74bd1a8c0347a0a6039ace9b57b3cf2f5f518fb69c7d3967b389883ec24",
    "contract_holdout21/clean.json": "ecf3d9b50526997fb299434568adb69ac54ec866ac324173b15bb2de6ae55896",
    "attacks_holdout26.json": "338cb2ff98b13d9f0ac3dbec46e2f1602769012c8295749634929d8000c26575",
    "contract_holdout22/clean.json": "e8ef5ef7ee77930b71ff2fcc748086d683aa7eaed8295c54361e1671ab83dc11",
    "contract_holdout22/cut_at_ceiling.json": "ee10335fb82785a29971063d15a15a9f08bb867551afecf2245bdef238f0446b",
    "contract_holdout22/empty_reply.json": "115be7efe69a0cb8e5de7dbaccaa5406746f37007ec8c406a2825e0ca6d74919",
    "contract_holdout22/intent_disagrees.json": "5489d1e94f9f52d6e2bb6d53254b767df81379e63df8538abd7c020377f2bf72",
    "contract_holdout22/provider_error.json": "9b0400e155ead6f70014b4b27177568af8f230eb1852685919a5a8ad567d9be2",
    "contract_holdout22/unknown_fact.json": "52fec03e79250e7dc8e427718414ac49636d690e2bfe8330f77a181ba24f0665",
    "contract_holdout22/unknown_intent.json": "1c372908beb1dd3043d8a8a525e65e63add6853b5e309a1e7e187d8c8779cd73",
    "contract_holdout22/unparseable.json": "663e336626b164a4b586062072b46028c4b44812bf1f80dc15afc29aa9a1f526",
    "contract_holdout22/value_cut_short.json": "a64958329ee1f880751d20f13202714ee1272593c178df3064985beab60dacb9",
    "contract_holdout22/value_not_allowed.json": "c019a24cf18abeacb68bc72dc77d8bb94da5a544aca7f7d07a75bfa0a1ffcaa1",
    "contract_holdout22/value_not_in_conversation.json": "f3b48c5ce455ba06cf94ca31079901f14765e9a3e512f1b6c064b772d4a00b8d",  # noqa: E501
    "contract_holdout22/value_not_stated.json": "ac4659d5e308dea347efaf8f98c9c34a0a2f4bc8918de642dfbc074271c27379",
    "contract_holdout22/value_only_in_agent_words.json": "43c7130d68514af39c0b5aff82c1339298ab79f94d64a9be146daebbc655c6b1",  # noqa: E501
    "contract_holdout22/value_reordered.json": "a6102f185052377445e3fb306cd05f548ca1166e7f76097175f6a60f6ccfa0e6",
    "contract_holdout22/value_wrong_kind.json": "6619baf10dd1cfb4fa62ebb63ed42adff597e0b625f920dc0db2f4f428e8a24c",
    "attacks_holdout27.json": "63f5b52b0b6e9c34f3b8544373ce8b8aee41c59401afb8b7b0c9ff6f467b39ed",
    "contract_holdout23/clean.json": "af0bfb76b7d71a8f93880c8ee179883d13f2456aa80aa1d88a88e627e5b6e8f2",
    "contract_holdout23/cut_at_ceiling.json": "23379c3f6dc47028bc480899c40908ecaa4f61538512784de79306662e660885",
    "contract_holdout23/empty_reply.json": "74bb43cb9d938bdfa97b35c637fce8c35f7e01aadb821dd653a3d04daed59977",
    "contract_holdout23/intent_disagrees.json": "618f566070acb9d3b308d680ff94752119909a91c271231de921ceb20004f247",
    "contract_holdout23/provider_error.json": "db9a82bb912cb2820de41d9f21c13801bcdbf3c8ffadac31ec2f1006da2ce5cf",
    "contract_holdout23/unknown_fact.json": "5719e7c364394e3f51dcc590e5a13ae78067d0c63c8a312ca65347a842911008",
    "contract_holdout23/unknown_intent.json": "452d10988a035d55461bbd178ce9c08e28c8dc4ca400625603bf8d253f6e8e24",
    "contract_holdout23/unparseable.json": "21966a0de61130bdec789cb1793faf7150d80d9348219886644bf723b49c1beb",
    "contract_holdout23/value_cut_short.json": "38bc815f4ccb99b24a1972595645ece45d5c2e13ef0b073630e3486dd7d7b061",
    "contract_holdout23/value_not_allowed.json": "4d3b42577af0e2a74919a75c35c9a1169ba17527a459161d4ef9c5dfaddbdcd3",
    "contract_holdout23/value_not_in_conversation.json": "c35fa5a79210c25c5b03918d2a5ec5c551046855a1e5d855dee7a73404b4e5a2",  # noqa: E501
    "contract_holdout23/value_not_stated.json": "413c9021d95acab5800da153454f6a42f01e0ab972519b9f02918bdd2ca3c65b",
    "contract_holdout23/value_only_in_agent_words.json": "75bc9fc22151b1868c9d3173f650a5cc90b634fe6b1e70a02e0ba82c5d1664af",  # noqa: E501
    "contract_holdout23/value_reordered.json": "830fa71a3db1bda653f493c1b570596d936e8d158a3fa47db151dd23d83b0238",
    "contract_holdout23/value_wrong_kind.json": "353c7451f906bda2a09f44d8cd57cae1f4c1fc1eec9771e86cdb3b2a2c29dfab",
    "attacks_holdout28.json": "de1e751a03002f1a533f515f5251af1fd6902b1f9df66ca758bc0caaba57536e",
    "contract_holdout24/clean.json": "f434958f92a33ae854bf1945eba1deb4f65367d7b44f8a609c6266e123d19297",
    "contract_holdout24/cut_at_ceiling.json": "d7292b156873c2080028f999bc7d046f120e87af86bf86a3a2c9ba339b944f7e",
    "contract_holdout24/empty_reply.json": "452ddb3c1f7e57ad0f44dae981223df35204445c6dcef531b779a8e1874679bd",
    "contract_holdout24/intent_disagrees.json": "9a39e97f6aeb368c001a8ee214cb24797679460f5a210c2801efd8b0f6c77b81",
    "contract_holdout24/provider_error.json": "c17d83eb513e66fb7f04ee6943eb9f75d3b6d8ba615c69bf1cfecb80e39ef2ea",
    "contract_holdout24/unknown_fact.json": "6851952532f6e992c0b31a8057453e5c89485bd32c8983635177694de727d425",
    "contract_holdout24/unknown_intent.json": "60a0b6a331a10861bced6404bb870c6e8924aa95dfc0e2df17367145d273a1ef",
    "contract_holdout24/unparseable.json": "d289f8b40610d856d49b299e00d23480d683467ad03c372070044da06fde05bd",
    "contract_holdout24/value_cut_short.json": "45a58924a8a0ae718aa418b8e77d47e25de8c45cde065febbc178facdf9e8b54",
    "contract_holdout24/value_not_allowed.json": "4d0614e434b9458217ccc87f7c0f411bf4c889d22d119246cd0041551630a0d7",
    "contract_holdout24/value_not_in_conversation.json": "22058e0b3f0b509f9c9099982425d6373591aaa54fcb4752056988471de7c5dd",  # noqa: E501
    "contract_holdout24/value_not_stated.json": "19f1bc3cb192e47bb9d8a0adf1c36bb56c31920e85f25d896a6f850708420873",
    "contract_holdout24/value_only_in_agent_words.json": "fcf68f70683009b34562ae81bd95442c9c5d66bfd94602693fbc3ee8f3b888c9",  # noqa: E501
    "contract_holdout24/value_reordered.json": "db6303e904fb25095edc0a0009875008aaaa6687c30f7ea152fa6fa9087dc1c0",
    "contract_holdout24/value_wrong_kind.json": "78c7f8ac78366cfc6c78c73d44f54e08ac643e90dcf87799075e8b72aa765717",
    "attacks_holdout29.json": "8291e1d545d8f11311708200fa2d03709f661d848ee3ade02d6eb85e6f465a2b",
    "contract_holdout25/clean.json": "e33bf95b76a1bb056080db7075b39e60caaf416a1778325b15490c8c1f2de9e5",
    "contract_holdout25/cut_at_ceiling.json": "43d2c481e7357a4db9a8068d0f95174fac231fdca41e905ff56f5d0e5081f20b",
    "contract_holdout25/empty_reply.json": "58c81e1a90bc35de76563852630f63323d9efb407a4764a919d434cba09ca9f4",
    "contract_holdout25/intent_disagrees.json": "77b0498ffecb867475447fde2fb1900c5076dca228430e0e65dcaeff46ef25bd",
    "contract_holdout25/provider_error.json": "3dac3b16618c32b049d09cd24f7422f232c967025871bace95542690a8441827",
    "contract_holdout25/unknown_fact.json": "180432dc3e3d5f743e66ef4fa2b161a2aa63e704e163d30f6965d55d3cf42298",
    "contract_holdout25/unknown_intent.json": "1c094be94e2ddc57d0d58e0060821809a5c86fe7ecf28955bd86032b568563d9",
    "contract_holdout25/unparseable.json": "18d9c1f5a435f6b1e62bcdc1588abcff0b47fdd0c59e4be97151cbb1db4cc6c0",
    "contract_holdout25/value_cut_short.json": "8198914b5db1c69c54e2b9de92520101d71b329cae9729843d6af5f0faa5200a",
    "contract_holdout25/value_not_allowed.json": "f6c7e1f80d0647cc65311634575e0582e4bcab8b378a20fd19859749a7548803",
    "contract_holdout25/value_not_in_conversation.json": "2b96dedd95a964ce942effa436be8d140f3c448e9879dc3673d29aff84fba866",  # noqa: E501
    "contract_holdout25/value_not_stated.json": "26b570921bcc72fbd94ffb5835f41c6f5b8b6590cfabea2fb75a99d2fcb384d6",
    "contract_holdout25/value_only_in_agent_words.json": "dfb31afffba4eca311801c0e3053f5c06af2f96e4b77ad7cfaea364a3eeba6bc",  # noqa: E501
    "contract_holdout25/value_reordered.json": "4c4fad15b12bc7320fd0475f619fbddfe7b5dbe8aa708ddc0ca4e5fe324f5d5f",
    "contract_holdout25/value_wrong_kind.json": "722ba4a98674cb8d16340c0d2642c0ec0a97c54f383f9ef8951da1536e623860",
    "attacks_holdout30.json": "480ce3d4905b5b0ad214eba08f45d22bb92c413011a3ae679ed7da36e0637810",
    "contract_holdout26/clean.json": "666f0b61249509232c7b251758b4bd177c5fda801603173c497f91a07ae737a4",
    "contract_holdout26/cut_at_ceiling.json": "cd0c6a1c250511634f85657daa7b60b3c580ff96263432007cad9e633a071d0b",
    "contract_holdout26/empty_reply.json": "203f5b4ba4d6dbcef082b99d2e9bad7b788c5af5c7cd7e8f9a7a40f08ecd99b1",
    "contract_holdout26/intent_disagrees.json": "4cbfe50c5f68d0df3e1bef3ce4c78987cefdbd4b2a9d598d2bf59cefe6b1ba10",
    "contract_holdout26/provider_error.json": "5d0ff0f3de113cf4c8414c1091021f1a7bb1bfcd58caef2f50c19f7fc2fad844",
    "contract_holdout26/unknown_fact.json": "b67c91d2b11d54101b7307af679b1b6833909b72d7745b1cbc6fd74ec75daa1b",
    "contract_holdout26/unknown_intent.json": "dc74dcc811f3f128838d5e987c7dba1b21304f6943b9167beed0ace69e54c1d0",
    "contract_holdout26/unparseable.json": "e43e0f05291ee4a5a9e529db7442518cc361c018eb4310ca5ea8a8876748053a",
    "contract_holdout26/value_cut_short.json": "c32126123f77636a33a3ff4d6c2204514273808e545252dd6ebe50ed4c926675",
    "contract_holdout26/value_not_allowed.json": "26dbe96cfef1e15919ee9522131110982c362f85346798970db9748120403d8b",
    "contract_holdout26/value_not_in_conversation.json": "4a0f9a5d979d2c89be42d6027fbbaf67e0950622f3396bb759350e1c597b8eab",  # noqa: E501
    "contract_holdout26/value_not_stated.json": "5523a0044d9e75a5db7ad6dab075a053858847174199b9865e06637da2a89198",
    "contract_holdout26/value_only_in_agent_words.json": "19a6e6378aefad2264dafacffe783d0f37c229e1b8e737ffca481b342399f7cf",  # noqa: E501
    "contract_holdout26/value_reordered.json": "617b2ffa71f9f1eec30a630b738c531dcbfd015e61a5fb5f9824e87df265bab0",
    "contract_holdout26/value_wrong_kind.json": "e9ce0e1b174496a40224a4bce9cfec48d183cd5a3969db8cb5a36ae72b56add2",
    "attacks_holdout31.json": "6e122fb9933f52016895429e970ead5888ce3ed477cb8b282a5f467c31197942",
    "contract_holdout27/clean.json": "8a5dcfe4a834124e012887759c74f587a2471a4f163d71a4e13f51bc232fbb1c",
    "contract_holdout27/cut_at_ceiling.json": "d8b0f0926673a66e83db0280f4849f25a3610d6f58150a967d48e891df7d37a0",
    "contract_holdout27/empty_reply.json": "4484696e3089f5ef0bba44cb0192d5ccb0be7e1074b8e4ad0ed6d06977c273af",
    "contract_holdout27/intent_disagrees.json": "8b57fd672ea7763ad79f9134c8cc2553e27490a76a6e0213f030f15655656642",
    "contract_holdout27/provider_error.json": "aa269334f0c75aa3ff2bbb6423919fc3416b431d4bf34f7e15911b995a105dea",
    "contract_holdout27/unknown_fact.json": "3d70905e887441b5e74e5458f6e1ab08c03720a052a60b6660da6ab622bf2190",
    "contract_holdout27/unknown_intent.json": "0674bd5eb6727ea2e23655903fb68ecebd1ba2b1cfdc5dc3cbda97125fd24fc1",
    "contract_holdout27/unparseable.json": "72bb59f208b2030083fcc590bd5d8a3939531608c9db2092a7cfabab487850e1",
    "contract_holdout27/value_cut_short.json": "0296dd2cc78499c35f8d495aaa140342002afd3dd5bdf62bc80a1ab7deb3b824",
    "contract_holdout27/value_not_allowed.json": "2166e0b88ef4e3405cf997a480fa9469111c19535f126a916f417149b08b97aa",
    "contract_holdout27/value_not_in_conversation.json": "c16b88f35f3cf91aac702dcd8aae9cb2736bc6b865a0e808730bf76f289139a2",  # noqa: E501
    "contract_holdout27/value_not_stated.json": "19351ec542e739898c6fd653156d4c14d851a918a9f5440622509e9ddc26d490",
    "contract_holdout27/value_only_in_agent_words.json": "aee12aec4cc2f8ce43a1875d70c256e1ddd6e33015fe85d436218b47554259ff",  # noqa: E501
    "contract_holdout27/value_reordered.json": "6ec3771f50c97b970e3af98dc7be104754c35969854cbd210fa197419dc92b87",
    "contract_holdout27/value_wrong_kind.json": "bb91d6c2558d742324d051aed29ed53d14a8c121bb8dbfb4a57016bfd7be6e14",
    "attacks_holdout32.json": "e8571a9706c1632cd832a05a2985f911999c4e021e62f64f7d0412d43919f6e2",
    "contract_holdout28/clean.json": "a7d3a7a8c227381cc49df13ab6e842e7f38a65ecf76f5c154b65d9776810eb50",
    "contract_holdout28/cut_at_ceiling.json": "f716ae2423ea566fd388568a5138b2d04a5b84753530d9ef3e7496d8cb3c0c3e",
    "contract_holdout28/empty_reply.json": "7af786e13cdaa85154efc822f4ba9fcb3af14ab9d0d8edaf3d92d5b1f0c630bb",
    "contract_holdout28/intent_disagrees.json": "630de834ce2596114c8e15720ad823ed0e88181d778d927a88eeab303c283eab",
    "contract_holdout28/provider_error.json": "42659573fb808089ec8a9705012df424e281ebe325bb9464ace9c18d20f59665",
    "contract_holdout28/unknown_fact.json": "6de2626a47f219163cadcb7cb3870969aa61516ab1b52b102ecc7165f065ac87",
    "contract_holdout28/unknown_intent.json": "4dd6294c745b7268333848e19fd040af4aa4eea5865f4ae6852b9970a231e2ba",
    "contract_holdout28/unparseable.json": "70730bf151cc7ba1afab8fbe8b005a004a1d8f45bf0bfe2e39b439a7bf170d2e",
    "contract_holdout28/value_cut_short.json": "8f1e777e5c3018ddd75fef79b0a6ccfc1b53dc862dd6dd4d21c5cb46e690caab",
    "contract_holdout28/value_not_allowed.json": "898d4c04cc54854781de32849e2f7abd5ab930a3a87d81e31b57e9b3c91b4240",
    "contract_holdout28/value_not_in_conversation.json": "d377aa4450460c1f6f58cd439e3159657ea971179cb7b603709402010cfda5e3",  # noqa: E501
    "contract_holdout28/value_not_stated.json": "b6ab660c1087064cf1faaa169ed3b1dd3d05c74a53cbeaaa7180fce39416dc6b",
    "contract_holdout28/value_only_in_agent_words.json": "31189da416e44b7ea20573773f87efe34a9e73b6eaf861f81150c966f018f85c",  # noqa: E501
    "contract_holdout28/value_reordered.json": "25cc8896057af860483b6c4bf37eea686c6cfb8f906f0c86eb41dce16694296b",
    "contract_holdout28/value_wrong_kind.json": "eec5145b84eabf162bd21459e9963bf6d70618bf6ce55802251ed61b2c0a92ec",
    "attacks_holdout33.json": "a83e46904fd37d82b72c3de0c6a738036961f399edfe827bb9b5ba7a47efcaa4",
    "contract_holdout29/clean.json": "7ef75a61d5422eed978f4b08d8075d14207522cac0df91fdcfd87ecab9330ff9",
    "contract_holdout29/cut_at_ceiling.json": "b97164783025f4d925634bb8864dc0d95bc9df187ea2433001c426984266305c",
    "contract_holdout29/empty_reply.json": "bec8457a3f402386a27a47fa8e76cfd22801c75a112e43afa6538344e200edee",
    "contract_holdout29/intent_disagrees.json": "7f04c1d936951c7ee0129f45a3dd2e9582830857099374d9960f72af761943f4",
    "contract_holdout29/provider_error.json": "ad4f9825f6ce5fb99a1924e67262566e165ce57440b9a7204946e7ca916243f3",
    "contract_holdout29/unknown_fact.json": "72f54279564d3100dce041db9190f40cba4acd0ef965f652f847010b9257190d",
    "contract_holdout29/unknown_intent.json": "1edf723762371b1c7a3db2a27e44771a17beb79da363951825a64382c7379f68",
    "contract_holdout29/unparseable.json": "6330eaa6d900807c842e1ef004c2de69be6222a4df2beec96fd3057de43e5e26",
    "contract_holdout29/value_cut_short.json": "718453aaf948c649f30831c5d34e08c8baef8540913b56ecf92eca6f05b37c54",
    "contract_holdout29/value_not_allowed.json": "3120ebef2e082b5a23bf01fd455053020021c0dbe9bffc0c8cdef41838c252a9",
    "contract_holdout29/value_not_in_conversation.json": "e2def0f926bc153298e29c2b61557cc9329cc6ace2c7dd199a88e1907e120347",  # noqa: E501
    "contract_holdout29/value_not_stated.json": "a5a86eb7df00d7b6d3adea12d283efdbf87dec7041886aed315b4d0b6792eb0e",
    "contract_holdout29/value_only_in_agent_words.json": "7fc9e2811a2af1ec355c931a1ac01aca26cc95a68e4099a1bf97ed24d3958840",  # noqa: E501
    "contract_holdout29/value_reordered.json": "ad10a400ae875f0733789011e27c0265d4c8cf3fb147bf8d5c57713c18f6944b",
    "contract_holdout29/value_wrong_kind.json": "017a445910810b836f09b63ca93155813e789fe4beb5c31fccadb1ed1ec786c1",
    "attacks_holdout34.json": "7c998f7717754d2a8690b0215f02d9f93687e691091b7fa603be5c00f5930242",
    "contract_holdout30/holdout30.json": "c7fb3418756d82f06c768369700193095682e2f691bbcacedbc4a84c0ca04ca4",
    "attacks_holdout35.json": "61d89da20f9ebad33a46440c0a4b12ca5bad0dfd197ea6fe69d91be3a5626036",
    "contract_holdout31/holdout31.json": "1d3aa391dd222a10fb7962246a592ac2318f3e9a4e85ecfba40a2d9111eadd89",
}


def test_every_held_out_file_is_pinned():
    data = ATTACKS_FILE.parent
    held_out = {p.relative_to(data).as_posix() for p in data.rglob("*") if p.is_file() and "holdout" in p.as_posix()}
    assert held_out <= set(PINNED), f"pin these held-out files by hash: {sorted(held_out - set(PINNED))}"


@pytest.mark.parametrize(("name", "digest"), sorted(PINNED.items()))
def test_a_held_out_file_is_never_edited(name, digest):
    assert hashlib.sha256((ATTACKS_FILE.parent / name).read_bytes()).hexdigest() == digest


def test_the_second_held_out_file_loads_with_families_of_its_own(checklists):
    second = load_attacks(ATTACKS_FILE.parent / "attacks_holdout2.json", checklists)
    assert len(second) >= 30 and len({a.family for a in second}) >= 12
    assert {a.family for a in second} - set(FAMILIES)  # the format takes a user's own family names
    for attack in second:
        for side in SIDES:
            assert attack.conversation(side)[-1].speaker == "customer", attack.id
