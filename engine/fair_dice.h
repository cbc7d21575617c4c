// Provably fair dice (docs/protocol.md "Dice"): SHA-256, and the derivation of each chance
// outcome from a secret committed at game start.
//
// The server draws a 256-bit secret S and publishes SHA-256(S). The chance outcome owed before
// action number n (1-based) is State::sample_chance(Rng(seed_n)) with
//   seed_n = first 8 bytes (big-endian) of SHA-256(S || "feldherr-dice" || n as 8 bytes BE).
// SHA-256 in counter mode is a CSPRNG: without S no roll can be predicted; with S (revealed at
// the end) anyone can recompute every roll (verify_replay does).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/game.h"

namespace feldherr {

using Sha256Digest = std::array<uint8_t, 32>;

// SHA-256 (FIPS 180-4) of `data`.
Sha256Digest sha256(std::string_view data);
std::string to_hex(const uint8_t* data, size_t size);
std::string sha256_hex(std::string_view data);
// Decodes lowercase or uppercase hex; false on odd length or a non-hex character.
bool from_hex(std::string_view hex, std::string& bytes);

// A new 32-byte secret from std::random_device, as 64 hex digits.
std::string new_dice_secret_hex();
// SHA-256 of the secret's bytes, hex: the public commitment. "" if `secret_hex` is not hex.
std::string dice_commitment(std::string_view secret_hex);
// seed_n as above; `secret` is the raw bytes.
uint64_t dice_seed(std::string_view secret, uint64_t n);
// The chance outcome owed by `state` (current_seat() == kChance) before action number `n`.
Action fair_chance_outcome(const State& state, std::string_view secret, uint64_t n);

}  // namespace feldherr
