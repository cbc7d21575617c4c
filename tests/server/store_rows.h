// Games and rows for the store's tests (net_group_commit_test.cc, store_progress_test.cc).
#pragma once

#include <cstdint>
#include <string>

#include "server/store.h"

namespace feldherr::server::store_rows {

// An active two-seat game of human seats, created and updated at `updated`.
inline StoredGame game(const std::string& id, const std::string& updated = utc_now_iso()) {
  StoredGame g;
  g.id = id;
  g.game = "pocket";
  g.scenario = "orcs-vs-elves";
  g.rules_version = "1";
  g.options_json = "{}";
  g.seats = {{"orcs", "human", ""}, {"elves", "human", ""}};
  g.secret_hex = "00";
  g.commitment = "00";
  g.status = "active";
  g.to_move = "orcs";
  g.created = g.updated = updated;
  return g;
}

// Action `seq` of a two-seat game: n = seq, the seats alternating, orcs first.
inline StoredRow row(int64_t seq) {
  StoredRow r;
  r.seq = seq;
  r.kind = "action";
  r.n = static_cast<int>(seq);
  r.seat = seq % 2 ? "orcs" : "elves";
  r.action_id = static_cast<uint64_t>(seq) * 1000003u;
  r.text = "action " + std::to_string(seq);
  return r;
}

}  // namespace feldherr::server::store_rows
