-- wrk script for scripts/bench-server: note writes, as the client sends them.
--   wrk ... -s scripts/bench-server-writes.lua URL -- MODE SLOTS-FILE THREADS
-- MODE create: POST /v1/notes, a new note each request, in the account of the next slot.
-- MODE update: PUT /v1/notes/{id} of the next slot's note, at the version the last answer for
--              that note gave (so an update never races itself: each thread cycles through more
--              notes than it has connections).
-- MODE read:   GET /v1/notes/{id} of the next slot's note (bench-server --spread-reads: 128 notes of
--              64 accounts instead of one note of one account).
-- SLOTS-FILE: first line the base64 ciphertext used for title and info, then "TOKEN NOTE-ID VERSION"
-- per line (bench-server rewrites the versions before each update run).

local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("index", counter - 1)
end

local mode, slots, versions, ciphertext, next_slot = nil, {}, {}, nil, 0
local kdf = '"kdf":{"algorithm":"pbkdf2-sha256","iterations":600000,"salt":"AAAAAAAAAAAAAAAAAAAAAA=="}'

function init(args)
  mode = args[1]
  local threads = tonumber(args[3])
  local file = assert(io.open(args[2]))
  ciphertext = file:read("*l")
  local n = 0
  for line in file:lines() do
    local token, id, version = line:match("^(%S+) (%S+) ?(%d*)$")
    if n % threads == index then
      slots[#slots + 1] = { token = token, id = id }
      versions[id] = tonumber(version) or 1
    end
    n = n + 1
  end
  file:close()
  math.randomseed(os.time() * 1000 + index)
end

local function uuid()
  local function hex(count) local s = "" for _ = 1, count do s = s .. string.format("%04x", math.random(0, 0xffff)) end return s end
  return string.format("%s-%s-4%s-%x%s-%s", hex(2), hex(1), hex(1):sub(2), 8 + math.random(0, 3), hex(1):sub(2), hex(3))
end

local function note(id)
  return '{"id":"' .. id .. '","title":"' .. ciphertext .. '","info":"' .. ciphertext .. '","format":"seqr-aead-v1",' .. kdf .. '}'
end

function request()
  next_slot = next_slot % #slots + 1
  local slot = slots[next_slot]
  local headers = { ["Authorization"] = "Bearer " .. slot.token, ["Content-Type"] = "application/json" }
  if mode == "read" then
    return wrk.format("GET", "/v1/notes/" .. slot.id, { ["Authorization"] = "Bearer " .. slot.token })
  end
  if mode == "create" then
    return wrk.format("POST", "/v1/notes", headers, '{"note":' .. note(uuid()) .. '}')
  end
  return wrk.format("PUT", "/v1/notes/" .. slot.id, headers, '{"note":' .. note(slot.id) .. ',"version":' .. versions[slot.id] .. '}')
end

function response(status, headers, body)
  if mode == "update" and status == 200 then
    local id, version = body:match('"id":"([%x%-]+)"'), body:match('"version":(%d+)')
    -- The server writes ids in capitals.
    if id and version and versions[id:lower()] then versions[id:lower()] = tonumber(version) end
  end
end
