-- wrk's script for the points benchmark's participation load (bench/src/points.ts, decision 061).
-- Its one argument is a Lua file that returns { cookies = {…}, projects = {…}, amount = n, origin = "…", run = "…" }.
-- Each request is a participation of `amount` Orange by a random user into a random one of `projects`,
-- with an Idempotency-Key of its own; `done` prints one line, RESULT {json}, that points.ts reads.
-- There is no `response` function, which would hand every answer to Lua: wrk counts the answers
-- that are not 2xx or 3xx itself (`errors.status`). Each thread seeds its own random numbers: with
-- one seed, both threads send the same users in step, which is not the load the budget describes.

local thread_count = 0

function setup(thread)
  thread_count = thread_count + 1
  thread:set("thread_index", thread_count)
end

local data
local sent = 0

function init(args)
  data = dofile(args[1])
  math.randomseed(os.time() + thread_index * 7919)
end

function request()
  sent = sent + 1
  local project = data.projects[math.random(#data.projects)]
  local headers = {
    ["cookie"] = data.cookies[math.random(#data.cookies)],
    ["origin"] = data.origin,
    ["content-type"] = "application/json",
    ["idempotency-key"] = "bench-participation-" .. data.run .. "-" .. thread_index .. "-" .. sent,
  }
  return wrk.format("POST", "/api/projects/" .. project .. "/participations", headers, '{"amount":' .. data.amount .. '}')
end

function done(summary, latency)
  local errors = summary.errors
  io.write(string.format(
    'RESULT {"requests":%d,"durationUs":%d,"p99Us":%d,"notOk":%d,"socketErrors":%d}\n',
    summary.requests, summary.duration, latency:percentile(99), errors.status,
    errors.connect + errors.read + errors.write + errors.timeout
  ))
end
