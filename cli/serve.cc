// `feldherr serve [--port 8080] [--db feldherr.db] [--web DIR] [--ai-threads N]
// [--ai-max-seconds S] [--idle-seconds S] [--max-live-games N]` (docs/server.md): the game
// server with the browser UI. The server itself is server/ (built with FELDHERR_SERVER=ON).
#include <arpa/inet.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <ostream>

#include "cli/cli.h"
#include "cli/commands.h"
#ifdef FELDHERR_WITH_SERVER
#include "server/server.h"
#endif

namespace feldherr::cli {

CLI::App* add_serve_command(CLI::App& app, ServeArgs& args) {
  CLI::App* serve =
      app.add_subcommand("serve", "Run the game server: lobby, play in the browser, AI seats");
  serve->add_option("--port", args.port, "TCP port (default 8080; 0 = any free port)")
      ->type_name("PORT")
      ->check(CLI::Range(0, 65535));
  serve->add_option("--db", args.db, "SQLite database file (created if missing)")
      ->type_name("FILE");
  serve->add_option("--web", args.web, "Directory of the built web UI (default: web/dist)")
      ->type_name("DIR");
  serve->add_option("--bind", args.bind, "Address to listen on (default 127.0.0.1)")
      ->type_name("ADDR")
      ->check(CLI::Validator(
          [](std::string& value) -> std::string {
            in_addr v4{};
            in6_addr v6{};
            if (inet_pton(AF_INET, value.c_str(), &v4) == 1 ||
                inet_pton(AF_INET6, value.c_str(), &v6) == 1)
              return "";
            return "'" + value + "' is not an IP address (e.g. 127.0.0.1, 0.0.0.0, ::1)";
          },
          "ADDR"));
  serve->add_option("--threads", args.threads, "Network threads (default 2)")
      ->type_name("N")
      ->check(CLI::Range(1, 64));
  serve->add_option("--ai-delay", args.ai_delay_ms, "Pause before each AI move in ms (default 300)")
      ->type_name("MS")
      ->check(CLI::Range(0, 60000));
  serve
      ->add_option("--ai-threads", args.ai_threads,
                   "AI worker threads (default 0: one per hardware thread)")
      ->type_name("N")
      ->check(CLI::Range(0, 256));
  serve
      ->add_option("--ai-max-seconds", args.ai_max_seconds,
                   "Longest an AI seat thinks per decision; longer mcts:SECONDS seats are refused "
                   "(default 5)")
      ->type_name("SECONDS")
      ->check(CLI::Range(0.01, 3600.0));
  serve
      ->add_option("--idle-seconds", args.idle_seconds,
                   "An idle game (no connection, no AI move) leaves memory after this long and "
                   "is reloaded on demand (default 600)")
      ->type_name("SECONDS")
      ->check(CLI::Range(0, 86400 * 7));
  serve
      ->add_option("--max-live-games", args.max_live_games,
                   "Games kept in memory at most; idle ones are evicted first (default 2000)")
      ->type_name("N")
      ->check(CLI::Range(1, 10000000));
  // Network limits (docs/server.md "Network limits").
  serve
      ->add_option("--max-connections", args.max_connections,
                   "Concurrent connections; beyond it new ones get 503 (default 1000)")
      ->type_name("N")
      ->check(CLI::Range(1, 1000000));
  serve
      ->add_option("--create-rate", args.create_per_minute,
                   "Games each client address may create per minute (default 10; 0 = no limit)")
      ->type_name("N")
      ->check(CLI::Range(0, 1000000));
  serve
      ->add_option("--create-burst", args.create_burst,
                   "Games one address may create at once before --create-rate applies "
                   "(default 20)")
      ->type_name("N")
      ->check(CLI::Range(1, 1000000));
  serve
      ->add_option("--checkpoint-frames", args.checkpoint_frames,
                   "WAL pages committed before the checkpointer thread copies them back "
                   "(default 1000; 0 = SQLite's checkpoints inside the commits)")
      ->type_name("N")
      ->check(CLI::Range(0, 1000000));
  return serve;
}

int cmd_serve(const ServeArgs& args, const Registry& registry, Streams& io) {
#ifdef FELDHERR_WITH_SERVER
  server::ServeOptions options;
  options.port = static_cast<uint16_t>(args.port);
  options.db = args.db;
  options.bind = args.bind;
  options.threads = args.threads;
  options.ai_delay_ms = args.ai_delay_ms;
  options.ai_threads = args.ai_threads;
  options.ai_max_seconds = args.ai_max_seconds;
  options.idle_seconds = args.idle_seconds;
  options.max_live_games = args.max_live_games;
  options.web_dir = args.web;
  options.max_connections = args.max_connections;
  options.create_per_minute = args.create_per_minute;
  options.create_burst = args.create_burst;
  options.checkpoint_frames = args.checkpoint_frames;
  if (options.web_dir.empty()) {
    for (const std::string& dir : {std::string("web/dist"), std::string(FELDHERR_WEB_DIR)}) {
      if (std::filesystem::exists(dir + "/index.html")) {
        options.web_dir = dir;
        break;
      }
    }
    if (options.web_dir.empty())
      io.err << "note: no built web UI found (web/dist/index.html; build it with npm run build "
                "in web/ or pass --web DIR): only the API is served\n";
  } else if (!std::filesystem::exists(options.web_dir + "/index.html")) {
    io.err << "error: --web " << options.web_dir << ": no index.html there\n";
    return kExitUsage;
  }
  return server::serve(options, registry, io.out, io.err);
#else
  (void)args;
  (void)registry;
  io.err << "error: this feldherr was built without the server (cmake -DFELDHERR_SERVER=ON)\n";
  return kExitUsage;
#endif
}

}  // namespace feldherr::cli
